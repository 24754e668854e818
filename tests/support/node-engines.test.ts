// @vitest-environment node
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The service runs on the Node the README names (`engines.node` in package.json, Node 20.19 and later):
// no installed package may declare an engine range that leaves that Node out, or `npm install` prints
// EBADENGINE warnings and the package may use what that Node lacks (decision 054).

const root = new URL('../../', import.meta.url);
const readJson = (file: string) => JSON.parse(readFileSync(new URL(file, root), 'utf8')) as Record<string, unknown>;

type LockedPackage = { version?: string; engines?: { node?: string } | string[] };

describe('the Node versions the installed packages declare', () => {
  it('every package in the lock file runs on the oldest Node the service supports', () => {
    const supported = (readJson('package.json').engines as { node: string }).node;
    const oldest = semver.minVersion(supported);
    expect(oldest?.version).toBe('20.19.0');
    const packages = readJson('package-lock.json').packages as Record<string, LockedPackage>;
    const refusing = Object.entries(packages)
      .filter(([, locked]) => !Array.isArray(locked.engines) && locked.engines?.node !== undefined)
      .filter(([, locked]) => !semver.satisfies(oldest!, (locked.engines as { node: string }).node))
      .map(([name, locked]) => `${name.replace(/^.*node_modules\//, '')}@${locked.version ?? '?'} wants Node ${(locked.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
