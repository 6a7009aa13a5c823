import { linkSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface DirectoryLock {
  release(): void;
}

export class DirectoryLockedError extends Error {
  override name = 'DirectoryLockedError';
}

/** A lock file this young with no readable owner is still being written by the process that made it. */
const UNFINISHED_LOCK_GRACE_MS = 5_000;
const heldHere = new Set<string>();

/**
 * PGlite is single-process: two processes on one data directory corrupt it. A lock file holding the
 * owner's pid makes a second process fail fast; a lock left by a process that no longer runs is taken over.
 * The file appears atomically (written aside, then hard-linked into place), so nobody reads it half-written.
 */
export function acquireDirectoryLock(directory: string): DirectoryLock {
  const lockPath = path.join(directory, 'rampart.lock');
  if (heldHere.has(lockPath)) throw lockedBy(directory, process.pid);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (tryCreate(lockPath)) {
      heldHere.add(lockPath);
      return { release: () => release(lockPath) };
    }
    const holder = readHolder(lockPath);
    // Our own pid in a lock we do not hold is a leftover of an earlier process that had the same pid.
    if (holder !== null && holder !== process.pid && isProcessAlive(holder)) throw lockedBy(directory, holder);
    if (holder === null && isYoung(lockPath)) throw lockedBy(directory, null);
    removeQuietly(lockPath);
  }
  throw new DirectoryLockedError(`Could not lock ${directory}`);
}

function tryCreate(lockPath: string): boolean {
  const draft = `${lockPath}.${process.pid}.${Date.now()}`;
  writeFileSync(draft, String(process.pid));
  try {
    linkSync(draft, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    removeQuietly(draft);
  }
}

function release(lockPath: string): void {
  if (!heldHere.delete(lockPath)) return;
  removeQuietly(lockPath);
}

function readHolder(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isYoung(lockPath: string): boolean {
  try {
    return Date.now() - statSync(lockPath).mtimeMs < UNFINISHED_LOCK_GRACE_MS;
  } catch {
    return false;
  }
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lockedBy(directory: string, pid: number | null): DirectoryLockedError {
  const who = pid === null ? 'another process' : `process ${pid}`;
  return new DirectoryLockedError(`Data directory ${directory} is in use by ${who}. Stop it first, or set DATA_DIR to another directory.`);
}
