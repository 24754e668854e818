import { maxPasswordLength } from './session';
import { staffMessages } from './staff-messages';

// The staff password rule (decision 038), after OWASP ASVS 5.0 level 2 and NIST SP 800-63B: 12 to 128
// characters, any characters but control characters (spaces and Unicode included, compared after NFKC
// normalisation), and refused when the zxcvbn estimator (common and English dictionaries) scores it
// below 3 or it holds the member's e-mail or name. The screens and the server check the same rule; the
// dictionaries are large, so they are loaded only when asked for (`loadPasswordScorer`): on the server
// at start-up, in the browser only by the three staff screens that set a password.

export const minPasswordLength = 12;
export { maxPasswordLength };
/** zxcvbn's score (0 to 4) a password needs. */
export const minPasswordScore = 3;

export const passwordRuleMessages = {
  tooShort: staffMessages.passwordTooShort,
  tooLong: staffMessages.passwordTooLong,
  containsEmail: 'The password must not contain the e-mail address',
  containsName: 'The password must not contain the name',
  tooGuessable: 'This password is too easy to guess: add more words or characters that do not follow a pattern',
  controlCharacter: 'The password must not contain control characters (a NUL byte, a tab, a line break or another character that cannot be typed)',
  hint: `At least ${minPasswordLength} characters. Spaces are allowed: a few unrelated words make a strong password.`,
} as const;

/** The form a password is stored and compared in: NFKC, so that the same text typed on any keyboard matches. */
export function normalizePassword(password: string): string {
  return password.normalize('NFKC');
}

/** Characters as people count them (code points), not UTF-16 units. */
export function passwordLength(password: string): number {
  return [...normalizePassword(password)].length;
}

export type PasswordScore = { score: 0 | 1 | 2 | 3 | 4; warning: string | null; suggestions: string[] };
export type PasswordScorer = (password: string, userInputs: string[]) => PasswordScore;

let loaded: Promise<PasswordScorer> | null = null;
let scorerNow: PasswordScorer | null = null;

/** zxcvbn with the common and English dictionaries, imported on the first call only. */
export function loadPasswordScorer(): Promise<PasswordScorer> {
  loaded ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(([core, common, english]) => {
    const factory = new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: english.translations,
    });
    const scorer: PasswordScorer = (password, userInputs) => {
      const result = factory.check(password, userInputs);
      return { score: result.score, warning: result.feedback.warning || null, suggestions: result.feedback.suggestions };
    };
    scorerNow = scorer;
    return scorer;
  });
  return loaded;
}

/** The scorer once `loadPasswordScorer` has finished, else null. */
export function loadedPasswordScorer(): PasswordScorer | null {
  return scorerNow;
}

/** Who the password is for: it must not contain their e-mail address or name. */
export type PasswordOwner = { email?: string | null; name?: string | null };

function ownerParts({ email, name }: PasswordOwner): { email: string[]; name: string[] } {
  const address = (email ?? '').trim().toLowerCase();
  const local = address.split('@')[0] ?? '';
  return {
    email: [address, local].filter((part) => part.length >= 3),
    name: (name ?? '')
      .toLowerCase()
      .split(/[\s,.'-]+/)
      .filter((part) => part.length >= 3),
  };
}

/**
 * Why `password` is refused for `owner`, or null when it is accepted. Without a scorer (not loaded
 * yet, in a browser) the strength is not judged here; the server always judges it.
 */
export function passwordProblem(password: string, owner: PasswordOwner, scorer: PasswordScorer | null = scorerNow): string | null {
  const normalized = normalizePassword(password);
  const length = [...normalized].length;
  if (length < minPasswordLength) return passwordRuleMessages.tooShort;
  if (length > maxPasswordLength) return passwordRuleMessages.tooLong;
  // A control character (C0, DEL, C1) is no key anyone types, and a NUL cannot be stored anywhere.
  if (/\p{Cc}/u.test(normalized)) return passwordRuleMessages.controlCharacter;
  const lower = normalized.toLowerCase();
  const parts = ownerParts(owner);
  if (parts.email.some((part) => lower.includes(part))) return passwordRuleMessages.containsEmail;
  if (parts.name.some((part) => lower.includes(part))) return passwordRuleMessages.containsName;
  if (scorer && scorer(normalized, [...parts.email, ...parts.name]).score < minPasswordScore) return passwordRuleMessages.tooGuessable;
  return null;
}
