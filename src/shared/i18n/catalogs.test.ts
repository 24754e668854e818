import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseLocale, locales } from './locales';

// The message catalogs (decision 061): every language has every message, none empty, each area's keys
// start with its name, and a translation differs from the English unless it is only names the
// languages share. Every message is used somewhere in the code.

type Message = string | { match: Record<string, string> }[];
type Catalog = Record<string, Message>;

const settings = JSON.parse(readFileSync('project.inlang/settings.json', 'utf8')) as {
  'plugin.inlang.messageFormat': { pathPattern: string[] };
};
const areas = settings['plugin.inlang.messageFormat'].pathPattern.map((pattern) => {
  const folder = path.dirname(pattern);
  return { name: path.basename(folder), read: (locale: string): Catalog => JSON.parse(readFileSync(pattern.replace('{locale}', locale), 'utf8')) as Catalog };
});

/** Each text a message can show: the message, or every branch of a plural. */
function textsOf(message: Message): string[] {
  return typeof message === 'string' ? [message] : message.flatMap((variant) => Object.values(variant.match));
}

/** Words that are the same in every language: names, acronyms and the IRS form's name. */
const sharedWords = ['EIN Filing Service', 'EIN Filing Service LLC', 'EIN', 'EINs', 'LLC', 'IRS', 'SSN', 'ITIN', 'SS-4', 'Form', 'English', 'Español', 'PDF', 'FAQ', 'OK', 'No'];

/** Whether a text is only placeholders, shared words, numbers and punctuation: nothing to translate. */
function nothingToTranslate(text: string): boolean {
  let rest = text.replace(/\{[^}]*\}/g, ' ');
  for (const word of [...sharedWords].sort((a, b) => b.length - a.length)) rest = rest.split(word).join(' ');
  return !/\p{L}/u.test(rest);
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const entry = path.join(folder, name);
    if (statSync(entry).isDirectory()) return name === 'paraglide' || name === 'messages' ? [] : sourceFiles(entry);
    return /\.(ts|tsx)$/.test(name) ? [entry] : [];
  });
}

describe('message catalogs', () => {
  it('are listed for every area folder, and every folder is listed', () => {
    const folders = readdirSync('src/messages').sort();
    expect(areas.map((area) => area.name).sort()).toEqual(folders);
  });

  for (const area of areas) {
    describe(area.name, () => {
      const catalogs = Object.fromEntries(locales.map((locale) => [locale, area.read(locale)])) as Record<string, Catalog>;
      const english = catalogs[baseLocale] ?? {};

      it('has the same messages in every language', () => {
        for (const locale of locales) expect(Object.keys(catalogs[locale] ?? {}).sort(), locale).toEqual(Object.keys(english).sort());
      });

      it("names each message after the area", () => {
        const prefix = `${area.name.replace(/-/g, '_')}_`;
        expect(Object.keys(english).filter((key) => !key.startsWith(prefix))).toEqual([]);
      });

      it('has no empty message', () => {
        for (const locale of locales) {
          const empty = Object.entries(catalogs[locale] ?? {}).filter(([, message]) => textsOf(message).some((text) => text.trim() === ''));
          expect(empty.map(([key]) => key), locale).toEqual([]);
        }
      });

      it('translates every message that has words to translate', () => {
        for (const locale of locales.filter((other) => other !== baseLocale)) {
          const untranslated = Object.entries(catalogs[locale] ?? {}).filter(([key, message]) => {
            const source = english[key];
            return source !== undefined && JSON.stringify(message) === JSON.stringify(source) && !textsOf(message).every(nothingToTranslate);
          });
          expect(untranslated.map(([key]) => key), locale).toEqual([]);
        }
      });
    });
  }

  it('holds no message the code does not use', () => {
    const code = [...sourceFiles('src'), ...sourceFiles('tests')].map((file) => readFileSync(file, 'utf8')).join('\n');
    // Used as a message (`m.key()`), or read from the catalog itself (`import { key as … } from '#messages/…'`):
    // every such name in the code, gathered in one pass.
    const used = new Set([...code.matchAll(/\bm\.(\w+)/g), ...code.matchAll(/^\s*(\w+) as \w+,?$/gm)].map((match) => match[1]));
    const keys = areas.flatMap((area) => Object.keys(area.read(baseLocale)));
    expect(keys.filter((key) => !/^\w+$/.test(key))).toEqual([]);
    expect(keys.filter((key) => !used.has(key))).toEqual([]);
  });
});
