// @vitest-environment node
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { boxed, firstAdminNotice } from './staff';
import { logsRequests } from './env';
import { freshBuildOutput } from '../../scripts/client-build.mjs';

// What `npm start` prints: a real server process on a fresh database, stopped with SIGTERM once it
// has answered a few requests; then everything it wrote is read.

/** What the server printed, its port, and each request made of it as `GET <path> <status>`. */
type Run = { lines: string[]; port: number; answered: string[] };

async function runServer(extraEnv: Record<string, string>): Promise<Run> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ein-console-'));
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  try {
    // The notice is the last thing start-up prints; its closing rule follows its "change it" lines.
    const port = await new Promise<number>((resolve, reject) => {
      const check = () => {
        const listening = /listening on http:\/\/localhost:(\d+)/.exec(output);
        if (listening && /npm run staff -- create-admin.*\n\+-+\+\n/.test(output)) resolve(Number(listening[1]));
      };
      child.stdout.on('data', check);
      void exited.then(() => reject(new Error(`The server exited during start-up:\n${output}`)));
    });
    const startUp = output;
    const answered: string[] = [];
    for (const url of ['/api/health', '/api/config', '/no-such-page']) answered.push(`GET ${url} ${(await fetch(`http://127.0.0.1:${port}${url}`)).status}`);
    child.kill('SIGTERM');
    await exited;
    expect(output.startsWith(startUp)).toBe(true);
    return { lines: output.split('\n'), port, answered };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

function requestLines(lines: string[]): string[] {
  return lines.filter((line) => line.includes('"incoming request"') || line.includes('"request completed"'));
}

describe('the start-up console', () => {
  it('in development: no request logs, and the first-admin notice last, in a box, after "listening on"', { timeout: 90_000 }, async () => {
    const { lines } = await runServer({});
    expect(requestLines(lines)).toEqual([]);

    const listening = lines.findIndex((line) => line.includes('listening on http://localhost:'));
    const top = lines.findIndex((line) => /^\+-+\+$/.test(line));
    const bottom = lines.findLastIndex((line) => /^\+-+\+$/.test(line));
    expect(listening).toBeGreaterThan(-1);
    expect(top).toBeGreaterThan(listening);
    const box = lines.slice(top, bottom + 1);
    expect(new Set(box.map((line) => line.length)).size).toBe(1);
    expect(box.join('\n')).toContain('My account (/manage/account)');
    const password = /password: (\S+)/.exec(box.join('\n'))?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    // Only the shut-down lines follow the box, and no log line holds the password.
    expect(lines.slice(bottom + 1).filter((line) => line.trim() !== '' && !line.includes('SIGTERM received') && !line.includes('"Server closing"'))).toEqual([]);
    expect(lines.filter((line) => line.startsWith('{') && line.includes(password!))).toEqual([]);
  });

  it('logs each request in one line when LOG_REQUESTS=true: its method, path, status and time', { timeout: 90_000 }, async () => {
    const { lines, answered } = await runServer({ LOG_REQUESTS: 'true' });
    const logged = requestLines(lines).map((line) => JSON.parse(line) as { req: { method: string; url: string }; res: { statusCode: number }; responseTime: number });
    expect(logged.map(({ req, res }) => `${req.method} ${req.url} ${res.statusCode}`)).toEqual(answered);
    expect(answered.slice(0, 2)).toEqual(['GET /api/health 200', 'GET /api/config 200']);
    for (const { responseTime } of logged) expect(responseTime).toBeGreaterThan(0);
  });
});

describe('logsRequests', () => {
  it('follows LOG_REQUESTS, and without it logs requests in production only', () => {
    expect(logsRequests({ NODE_ENV: 'development', LOG_REQUESTS: undefined })).toBe(false);
    expect(logsRequests({ NODE_ENV: 'test', LOG_REQUESTS: undefined })).toBe(false);
    expect(logsRequests({ NODE_ENV: 'production', LOG_REQUESTS: undefined })).toBe(true);
    expect(logsRequests({ NODE_ENV: 'production', LOG_REQUESTS: false })).toBe(false);
    expect(logsRequests({ NODE_ENV: 'development', LOG_REQUESTS: true })).toBe(true);
  });
});

describe('the first-admin notice', () => {
  it('boxes every line to one width and tells a chosen-password admin where to sign in without repeating the password', () => {
    expect(boxed(['ab', 'abcd'])).toBe('+------+\n| ab   |\n| abcd |\n+------+');
    const notice = firstAdminNotice({ email: 'owner@example.com', password: 'chosen-secret', generated: false }, 'https://ein.example.com');
    expect(notice).toContain('https://ein.example.com/manage/login');
    expect(notice).not.toContain('chosen-secret');
  });
});

/** Runs a command in the project's folder and answers everything it printed, and its exit code. */
function runCommand(command: string, args: string[]): Promise<{ output: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ output, code }));
  });
}

describe('what npm start and npm install print besides the server', () => {
  it('the client build `npm start` runs prints no warning', { timeout: 90_000 }, async () => {
    // What the test command's build printed, when it was made from the sources as they are
    // (scripts/client-build.mjs); else both bundles built here, as `npm start` builds them at its
    // warning level, kept in memory so the built client other tests read is left alone.
    let printed = freshBuildOutput();
    if (printed === null) {
      const build = `
        import { createBuilder } from 'vite';
        const builder = await createBuilder({ configFile: 'vite.config.ts', logLevel: 'warn', build: { write: false }, environments: { ssr: { build: { write: false } } } });
        await builder.buildApp();`;
      const { output, code } = await runCommand(process.execPath, ['--input-type=module', '--eval', build]);
      expect(code, output).toBe(0);
      printed = output;
    }
    expect(printed.trim()).toBe('');
  });

  it('npm install finds every dependency install script approved in package.json', { timeout: 60_000 }, async () => {
    // npm 11 lists, on every install, the install scripts `allowScripts` does not cover.
    const { output, code } = await runCommand('npm', ['approve-scripts', '--allow-scripts-pending', '--json']);
    expect(code, output).toBe(0);
    expect((JSON.parse(output.slice(output.indexOf('{'))) as { allowScripts: unknown[] }).allowScripts).toEqual([]);
  });
});
