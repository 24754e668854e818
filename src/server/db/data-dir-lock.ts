import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

// The embedded database (PGlite) runs inside one process and does not guard its folder: a second
// process writing to it corrupts it. So whoever opens DATA_DIR's database first holds this lock file,
// created atomically (`wx`), holding its process id and command. A lock left by a process that no
// longer exists (killed, crashed) is reclaimed; one held by a live process refuses the newcomer.

export const lockFileName = 'pglite.lock';

type LockOwner = { pid: number; command: string; since: string };

/** The owner of a lock file still being written. */
const pendingPid = -1;

function pause(milliseconds: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, milliseconds);
}

/** Thrown when another live process holds the folder; the message is one line saying who and what to do. */
export class DataDirInUseError extends Error {
  readonly owner: LockOwner;
  constructor(dataDir: string, lockFile: string, owner: LockOwner) {
    super(
      `The embedded database in ${dataDir} is in use: the app is running on it (process ${owner.pid}: ${owner.command}, since ${owner.since}), and only one process at a time may open it. Stop that process and try again, or use PostgreSQL (DATABASE_URL) to run several; if no such process is running, delete ${lockFile}.`,
    );
    this.name = 'DataDirInUseError';
    this.owner = owner;
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    return { pid: Number(parsed.pid), command: String(parsed.command ?? 'unknown'), since: String(parsed.since ?? 'unknown') };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // Half-written: its writer is between create and write (young file: wait for it), or died there.
    const young = Date.now() - statSync(file, { throwIfNoEntry: false })!.mtimeMs < 2000;
    return { pid: young ? pendingPid : 0, command: 'unknown', since: 'unknown' };
  }
}

/** Creates `file` holding this process as owner; false if it already exists. */
function tryCreate(file: string): boolean {
  let descriptor: number;
  try {
    descriptor = openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  const owner: LockOwner = { pid: process.pid, command: process.argv.slice(1).map((part) => path.basename(part)).join(' ') || 'node', since: new Date().toISOString() };
  writeSync(descriptor, JSON.stringify(owner));
  closeSync(descriptor);
  return true;
}

function removeIfOwnedBy(file: string, pid: number): void {
  if (readOwner(file)?.pid !== pid) return;
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}

export type DataDirLock = { file: string; release: () => void };

/**
 * Takes the lock of `dataDir` or throws `DataDirInUseError`. A stale lock is reclaimed under a second
 * lock file, so two processes reclaiming at once cannot both win: only the one that creates the
 * reclaim file removes the stale lock, the other waits for the result and reads the new owner.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = path.join(dataDir, lockFileName);
  const reclaimFile = `${file}.reclaim`;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (tryCreate(file)) {
      const release = () => {
        removeIfOwnedBy(file, process.pid);
        process.off('exit', release);
      };
      // A normal exit without close still leaves the folder free; only SIGKILL leaves a stale lock.
      process.on('exit', release);
      return { file, release };
    }
    const owner = readOwner(file);
    if (owner && owner.pid !== process.pid && isAlive(owner.pid)) throw new DataDirInUseError(dataDir, file, owner);
    if (owner?.pid === process.pid) throw new DataDirInUseError(dataDir, file, owner);
    if (!owner) continue;
    if (owner.pid === pendingPid) {
      pause(20);
      continue;
    }
    if (tryCreate(reclaimFile)) {
      try {
        const current = readOwner(file);
        if (current && current.pid === owner.pid) unlinkSync(file);
      } finally {
        unlinkSync(reclaimFile);
      }
    } else {
      const reclaimer = readOwner(reclaimFile);
      // A reclaimer that died mid-way leaves its file; it is as stale as the lock it was removing.
      if (reclaimer && !isAlive(reclaimer.pid)) removeIfOwnedBy(reclaimFile, reclaimer.pid);
      pause(20);
    }
  }
  throw new Error(`Could not take the lock ${file}: it keeps changing hands`);
}
