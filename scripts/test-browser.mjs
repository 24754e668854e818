// The browser the browser tests drive: Debian's headless shell of Chromium (`chromium-headless-shell`),
// the same Chromium without the full browser's window machinery, which runs the suite in about two
// thirds of the time and processor (decision 071). `CHROMIUM_PATH` names another Chromium or Chrome;
// where only the full `chromium` is installed, and the shell cannot be, the tests drive that.
import { existsSync } from 'node:fs';

export const headlessShellPath = '/usr/bin/chromium-headless-shell';
export const fullChromiumPath = '/usr/bin/chromium';

/** The executable the browser tests launch. */
export function testBrowserPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(headlessShellPath) || !existsSync(fullChromiumPath) ? headlessShellPath : fullChromiumPath;
}
