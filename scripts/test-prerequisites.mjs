// What the tests need from the machine besides npm's packages: Debian's headless shell of Chromium for
// the browser tests (scripts/test-browser.mjs), and Poppler's `pdfsig`, which checks the seal of the
// signed SS-4. Where one is missing and packages can be installed (root, or sudo without a password),
// they are installed here with one line said; else the test command stops at once with the one command
// to run (a machine that has the full `chromium` and cannot install the shell runs the tests on it).
// `npm test` runs it twice: `--check` first (the line said, or the stop), then `--install` beside the
// type check, linter and build, which need neither, so that apt-get's download does not hold them up.
// `node scripts/test-prerequisites.mjs chromium` asks for the browser alone, checked and installed at
// once (the browser tests run by themselves).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fullChromiumPath, headlessShellPath } from './test-browser.mjs';

const chromiumPath = process.env.CHROMIUM_PATH ?? headlessShellPath;
const needs = [
  { package: 'chromium-headless-shell', what: `Chromium's headless shell at ${chromiumPath}`, present: () => existsSync(chromiumPath) },
  { package: 'poppler-utils', what: "Poppler's pdfsig", present: () => spawnSync('pdfsig', ['-v'], { stdio: 'ignore' }).error === undefined },
];
const flags = new Set(process.argv.slice(2).filter((argument) => argument.startsWith('--')));
const asked = process.argv.slice(2).filter((argument) => !argument.startsWith('--'));
const wanted = needs.filter((need) => asked.length === 0 || asked.includes(need.package.split('-')[0]));
const say = !flags.has('--install');
const install = !flags.has('--check');

const missing = () => wanted.filter((need) => !need.present());
const packages = (list) => list.map((need) => need.package).join(' ');
const command = (list) => `sudo apt-get update && sudo apt-get install -y ${packages(list)}`;

function canInstall() {
  if (spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).error) return null;
  if (process.getuid?.() === 0) return [];
  return spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0 ? ['sudo', '-n'] : null;
}

const absent = missing();
if (absent.length > 0) {
  const prefix = canInstall();
  // The full Chromium drives the browser tests too, more slowly, where the shell cannot be installed.
  if (prefix === null && absent.every((need) => need.package === 'chromium-headless-shell' && !process.env.CHROMIUM_PATH && existsSync(fullChromiumPath))) {
    if (say) console.log(`The browser tests drive ${fullChromiumPath}; Chromium's headless shell runs them faster:  ${command(absent)}`);
    process.exit(0);
  }
  if (prefix === null) {
    console.error(`The tests need ${absent.map((need) => need.what).join(' and ')}. Install with:  ${command(absent)}`);
    process.exit(1);
  }
  if (say) console.log(`The tests need ${absent.map((need) => need.what).join(' and ')}: installing ${packages(absent)} with apt-get${install ? '' : ', beside the type check, linter and build'}...`);
  if (!install) process.exit(0);
  // apt-get's own output is shown only if it fails.
  const run = (args) => execFileSync(prefix[0] ?? args[0], prefix.length > 0 ? [...prefix.slice(1), ...args] : args.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  try {
    run(['apt-get', 'update', '-qq']);
    run(['apt-get', 'install', '-y', '-qq', ...absent.map((need) => need.package)]);
  } catch (error) {
    console.error(`${String(error.stderr ?? error.message).trim()}\nInstalling them failed. Install with:  ${command(absent)}`);
    process.exit(1);
  }
  const still = missing();
  if (still.length > 0) {
    console.error(`Still missing: ${still.map((need) => need.what).join(' and ')}${process.env.CHROMIUM_PATH ? ' (or point CHROMIUM_PATH at a Chromium or Chrome executable)' : ''}.`);
    process.exit(1);
  }
}
