import { useEffect, useRef, useState } from 'react';
// Scalar's self-contained browser build, a file of its own beside the built client (vite.config.ts)
// loaded by this page alone, so none of its code or dependencies joins the site's chunks (decision 044).
import scalarScriptUrl from 'virtual:scalar-standalone';
import '@scalar/api-reference/style.css';
import './api-reference.css';
import { Card } from '#client/components/ui/card.tsx';

/** The API document the reference renders (`GET /api/openapi.json`, for signed-in staff). */
const apiDocumentUrl = '/api/openapi.json';

/** What Scalar's browser build puts on `window`: the one call this page makes. */
type ScalarGlobal = {
  createApiReference: (element: Element, configuration: Record<string, unknown>) => { destroy: () => void };
};

let scalarLoading: Promise<ScalarGlobal> | null = null;

/** Loads Scalar's script once; it is a file of its own, outside the site's chunks (decision 044). */
function loadScalar(): Promise<ScalarGlobal> {
  scalarLoading ??= new Promise<ScalarGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scalarScriptUrl;
    script.async = true;
    script.onload = () => {
      const scalar = (window as unknown as { Scalar?: ScalarGlobal }).Scalar;
      if (scalar) resolve(scalar);
      else reject(new Error('Scalar did not start'));
    };
    script.onerror = () => reject(new Error('Scalar could not be loaded'));
    document.head.append(script);
  }).catch((error: unknown) => {
    scalarLoading = null;
    throw error;
  });
  return scalarLoading;
}

/** Scalar's boxes that scroll on their own (code samples, a tag's endpoints). */
const scrollingBoxes = '.custom-scroll, ul[aria-label$="endpoints"]';

/** Scalar's secret fields (the session cookie's value): its placeholder there reads like a value already filled in. */
const secretFields = 'input.scalar-password-input[placeholder]';

/** Names for Scalar's buttons that show only an icon, by what they do. */
const unnamedButtons: [selector: string, name: string][] = [
  ['button.scalar-code-copy', 'Copy the code'],
  ['button.client-libraries__select', 'More client libraries'],
];

/**
 * Says to assistive technology what Scalar's markup means, where its own ARIA says something else
 * (axe finds each as serious or critical): a sidebar entry is a button marked "selected", which only a
 * tab or an option can be, so the open one is marked current instead; the button that opens the
 * client libraries' other tabs is one of the tab list's tabs, the only children a tab list can have; the
 * search button is a button, not a search landmark; and the buttons that show only an icon get a name.
 */
function repairScalarAria(root: ParentNode): void {
  for (const entry of root.querySelectorAll('button[aria-selected]:not([role]), a[aria-selected]:not([role])')) {
    if (entry.getAttribute('aria-selected') === 'true') entry.setAttribute('aria-current', 'true');
    else entry.removeAttribute('aria-current');
    entry.removeAttribute('aria-selected');
  }
  // The client libraries' "more" button, which opens the list of the other libraries' tabs.
  for (const more of root.querySelectorAll('[role="tablist"] button:not([role])')) more.setAttribute('role', 'tab');
  for (const search of root.querySelectorAll('button[role="search"]')) search.removeAttribute('role');
  for (const [selector, name] of unnamedButtons) {
    for (const button of root.querySelectorAll(`${selector}:not([aria-label])`)) button.setAttribute('aria-label', name);
  }
}

/**
 * Lets the keyboard reach each box that scrolls, as Scalar renders them: one with no link in it could
 * not be scrolled otherwise. Leaves the secret fields empty, without Scalar's made-up placeholder:
 * the browser sends the staff session cookie itself, as it does for the rest of the panel. And repairs
 * Scalar's ARIA each time it renders or marks a new entry selected.
 */
function adjustScalarMarkup(root: HTMLElement): MutationObserver {
  const mark = () => {
    for (const box of root.querySelectorAll<HTMLElement>(scrollingBoxes)) if (!box.hasAttribute('tabindex')) box.tabIndex = 0;
    for (const field of document.querySelectorAll<HTMLInputElement>(secretFields)) field.removeAttribute('placeholder');
    repairScalarAria(document.body);
  };
  const observer = new MutationObserver(mark);
  // The client Scalar opens for "Test Request" is put at the end of the body, outside the page.
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-selected', 'role'] });
  mark();
  return observer;
}

/**
 * `/manage/api` (any signed-in member): the API reference for staff and integrators, rendered by
 * Scalar from the document the server generates from its routes' schemas (decision 044).
 */
export function ApiReferencePage() {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');

  useEffect(() => {
    // The page's policy allows the inline styles Scalar inserts (decision 054), and a policy belongs to
    // the document: reached from another panel page, the page loads again as a document of its own.
    const navigation = performance.getEntriesByType('navigation')[0];
    if (navigation && new URL(navigation.name).pathname !== window.location.pathname) {
      window.location.reload();
      return;
    }
    let cancelled = false;
    let reference: { destroy: () => void } | undefined;
    const focusable = container.current ? adjustScalarMarkup(container.current) : undefined;
    loadScalar()
      .then((scalar) => {
        if (cancelled || !container.current) return;
        reference = scalar.createApiReference(container.current, {
          url: apiDocumentUrl,
          // Nothing leaves the site: no fonts from Scalar's servers, no telemetry, no hosted client,
          // no AI assistant sent the document.
          agent: { disabled: true },
          withDefaultFonts: false,
          telemetry: false,
          hideClientButton: true,
          showDeveloperTools: 'never',
          hideDarkModeToggle: true,
          forceDarkModeState: 'light',
        });
        setState('shown');
      })
      .catch((error: unknown) => {
        console.error('Loading the API reference failed', error);
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      focusable?.disconnect();
      reference?.destroy();
    };
  }, []);

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <title>API Reference | EIN Filing Service</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">API Reference</h1>
        <p className="mt-1 text-slate-600">
          Every route of the service, generated from the schemas it checks requests with. The OpenAPI 3.1 document is at{' '}
          <a className="font-medium text-brand-700 underline" href={apiDocumentUrl}>
            {apiDocumentUrl}
          </a>
          , for a CRM, a support tool, a monitoring probe or an API fuzzer.
        </p>
      </div>
      {state === 'loading' && (
        <p role="status" className="text-slate-600">
          Loading the reference...
        </p>
      )}
      {state === 'failed' && (
        <Card className="p-6 text-red-700" role="alert">
          The reference could not be loaded. Please reload the page.
        </Card>
      )}
      <div ref={container} className="overflow-hidden rounded-xl border border-slate-200 bg-white" />
    </div>
  );
}
