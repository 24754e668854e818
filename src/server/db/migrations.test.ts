import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A migration that has been committed may already have run on a production database, which will
// never run it again: a change to it would leave that database and a new one different. So every
// schema change is a new migration, and each migration's text is pinned here by its SHA-256. Adding
// a migration means adding its line to `migrations/checksums.json`; changing an old one fails.
// The journal is written by hand too (decision 032).

const folder = fileURLToPath(new URL('./migrations', import.meta.url));
const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string; when: number }[] };
const checksums = JSON.parse(readFileSync(path.join(folder, 'checksums.json'), 'utf8')) as Record<string, string>;
const sha256 = (file: string) => createHash('sha256').update(readFileSync(path.join(folder, file))).digest('hex');

describe('committed migrations', () => {
  it('are each in the journal, in order, with a recorded checksum', () => {
    const files = readdirSync(folder).filter((file) => file.endsWith('.sql')).sort();
    expect(journal.entries.map((entry) => `${entry.tag}.sql`)).toEqual(files);
    // Each entry's idx is its file's number; numbers are assigned ahead, so there may be gaps.
    expect(journal.entries.map((entry) => entry.idx)).toEqual(files.map((file) => Number(file.slice(0, 4))));
    expect(Object.keys(checksums).sort()).toEqual(files);
  });

  it('are dated in the journal later than the one before', () => {
    // Drizzle's migrator applies only the entries whose `when` is later than the last applied one's:
    // a new entry dated earlier would be skipped on every existing database, silently.
    let previous = 0;
    for (const entry of journal.entries) {
      expect(entry.when, entry.tag).toBeGreaterThan(previous);
      previous = entry.when;
    }
  });

  for (const [file, recorded] of Object.entries(checksums)) {
    it(`${file} is unchanged (add a new migration instead of editing it)`, () => {
      expect(sha256(file)).toBe(recorded);
    });
  }
});
