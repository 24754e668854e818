import { readdir, readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/** One `.eml` copy, as a removal rule sees it: its modification time, and its `To:` addresses on demand. */
export type MailCopy = { modifiedAt: Date; recipients: () => Promise<string[]> };

/**
 * Removes the `.eml` copies (written only without SMTP_URL) that `shouldRemove` picks; a missing folder
 * holds none. A copy that cannot be read or removed (another pass got there first) is logged and left
 * for the next pass. Answers how many were removed.
 */
export async function removeMailCopies(
  folder: string,
  shouldRemove: (copy: MailCopy) => Promise<boolean>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<number> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.eml')) continue;
    const file = path.join(folder, name);
    try {
      const copy: MailCopy = { modifiedAt: (await stat(file)).mtime, recipients: () => recipientsOf(file) };
      if (!(await shouldRemove(copy))) continue;
      await unlink(file);
      removed += 1;
    } catch (error) {
      log.warn({ err: error }, 'a mail copy could not be read or removed');
    }
  }
  return removed;
}

/** The lower-cased addresses of a copy's `To:` header (folded lines included). */
async function recipientsOf(file: string): Promise<string[]> {
  const head = (await readFile(file, 'utf8')).split(/\r?\n\r?\n/, 1)[0] ?? '';
  const to = /^To:(.*(?:\r?\n[ \t].*)*)/im.exec(head)?.[1] ?? '';
  return to.toLowerCase().match(/[^\s<>,;"']+@[^\s<>,;"']+/g) ?? [];
}
