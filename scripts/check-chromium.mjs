// The browser tests drive Debian's Chromium; say clearly how to get it when it is missing.
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `The browser tests need Chromium at ${chromium}, and it is not there.\n` +
      'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
      'or point CHROMIUM_PATH at a Chromium or Chrome executable.',
  );
  process.exit(1);
}
