import {
  applicationSections,
  applicationVersion,
  type ApplicationSection,
  type ApplicationSections,
  type SavedApplication,
} from '#shared/application/sections.ts';

/** The sessionStorage key of the saved application. */
export const applicationStorageKey = 'ein-application-data';

type Plain = Record<string, unknown>;

function isPlainObject(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads the saved application. Anything unreadable is logged and ignored: a damaged whole gives
 * null, a damaged section is dropped.
 */
export function readSavedApplication(): SavedApplication | null {
  // A server render has no browser storage: it shows the empty form.
  if (typeof window === 'undefined') return null;
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(applicationStorageKey);
  } catch (error) {
    console.error('Could not read the saved application', error);
    return null;
  }
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    console.error('Ignoring a saved application that is not valid JSON', error);
    return null;
  }
  if (!isPlainObject(parsed)) {
    console.error('Ignoring a saved application that is not an object');
    return null;
  }
  const application: SavedApplication = { version: applicationVersion };
  for (const section of applicationSections) {
    const value = parsed[section];
    if (value === undefined) continue;
    if (isPlainObject(value)) Object.assign(application, { [section]: value });
    else console.error(`Ignoring the saved "${section}" answers: not an object`);
  }
  return application;
}

function writeSavedApplication(application: SavedApplication): void {
  window.sessionStorage.setItem(applicationStorageKey, JSON.stringify(application));
}

/** Saves one page's answers, replacing that page's previous answers and keeping the others. */
export function saveSection<S extends ApplicationSection>(section: S, values: ApplicationSections[S]): SavedApplication {
  const application: SavedApplication = { ...(readSavedApplication() ?? { version: applicationVersion }), [section]: values };
  writeSavedApplication(application);
  return application;
}

export function clearSavedApplication(): void {
  window.sessionStorage.removeItem(applicationStorageKey);
}

function sameKind(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b);
  return typeof a === typeof b;
}

/**
 * Puts saved answers back over a page's empty form values, keeping only known fields whose saved
 * value has the expected kind (text, yes/no checkbox, list, group); anything else is logged and left empty.
 */
export function restoreSection<T extends Plain>(defaults: T, saved: unknown, section = 'section'): T {
  if (!isPlainObject(saved)) return defaults;
  const restored: Plain = { ...defaults };
  for (const [key, value] of Object.entries(saved)) {
    if (!(key in defaults)) continue;
    const empty = defaults[key];
    if (value === undefined || value === null) continue;
    if (isPlainObject(empty)) {
      restored[key] = restoreSection(empty, value, `${section}.${key}`);
    } else if (sameKind(empty, value) && (!Array.isArray(value) || value.every((item) => typeof item === 'string'))) {
      restored[key] = value;
    } else {
      console.error(`Ignoring the saved value of ${section}.${key}: unexpected type`);
    }
  }
  return restored as T;
}
