/** Debian's headless shell of Chromium, which the browser tests drive by default. */
export const headlessShellPath: string;
/** Debian's full Chromium, driven when the shell is not installed and cannot be. */
export const fullChromiumPath: string;
/** The executable the browser tests launch: `CHROMIUM_PATH`, else the headless shell, else the full Chromium. */
export function testBrowserPath(): string;
