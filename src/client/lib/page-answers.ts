import { pageAnswersElementId, type PageAnswer } from '#shared/site/signed-in-pages.ts';
import { answerOf, apiRequest } from './api';

// The API's answers the server got for the page it rendered signed in (decision 068), embedded in the
// page. The page's first render reads them as its queries' data, and each one stands in, once, for
// the same call the page then makes (`getAnswered`), so the page asks the server nothing it has just
// been told. (Only the staff panel's queries read them, so the customer's pages do not carry this.)

let answers: PageAnswer[] | undefined;

function embeddedAnswers(): PageAnswer[] {
  if (answers) return answers;
  answers = [];
  const element = typeof document === 'undefined' ? null : document.getElementById(pageAnswersElementId);
  if (!element?.textContent) return answers;
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    if (Array.isArray(parsed)) answers = parsed as PageAnswer[];
  } catch (error) {
    console.error('The page carries answers that are not JSON', error);
  }
  return answers;
}

/** The page's answer to `GET url`, without using it up (for the first render's data). */
export function peekPageAnswer(url: string): PageAnswer | undefined {
  return embeddedAnswers().find((answer) => answer.url === url);
}

/** The page's answer to `GET url`, used up: a later call asks the server. */
function takePageAnswer(url: string): PageAnswer | undefined {
  const all = embeddedAnswers();
  const index = all.findIndex((answer) => answer.url === url);
  return index < 0 ? undefined : all.splice(index, 1)[0];
}

/** `GET url`, answered from the page the first time when the server answered it while rendering the page. */
export function getAnswered<T>(url: string): Promise<T> {
  const embedded = takePageAnswer(url);
  return embedded ? Promise.resolve().then(() => answerOf<T>(embedded.status, embedded.body)) : apiRequest<T>('GET', url);
}
