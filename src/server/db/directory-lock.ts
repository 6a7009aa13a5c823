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
/** proc(5): field 22 of /proc/<pid>/stat is the process start time. */
const STARTTIME_FIELD = 22;

/** Who holds a lock: the pid, and when that process started, because pids are reused. */
interface LockHolder {
  pid: number;
  /** Start time in clock ticks after boot (/proc/<pid>/stat); null where the system does not tell. */
  startTime: string | null;
}

/**
 * PGlite is single-process: two processes on one data directory corrupt it. A lock file naming the
 * owner makes a second process fail fast; a lock left by a process that no longer runs is taken over.
 * The owner is its pid and its start time: a pid alone, once its process died, may be handed to any
 * unrelated process, which must not keep the directory locked.
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
    if (holder !== null && isRunning(holder)) throw lockedBy(directory, holder.pid);
    if (holder === null && isYoung(lockPath)) throw lockedBy(directory, null);
    removeQuietly(lockPath);
  }
  throw new DirectoryLockedError(`Could not lock ${directory}`);
}

function tryCreate(lockPath: string): boolean {
  const draft = `${lockPath}.${process.pid}.${Date.now()}`;
  const self: LockHolder = { pid: process.pid, startTime: processStartTime(process.pid) };
  writeFileSync(draft, JSON.stringify(self));
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

/** The lock's holder; a bare pid is a lock written before start times were recorded. */
function readHolder(lockPath: string): LockHolder | null {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8').trim();
  } catch {
    return null;
  }
  if (/^\d+$/.test(text)) return validPid(Number(text)) ? { pid: Number(text), startTime: null } : null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { pid, startTime } = parsed as Record<string, unknown>;
    if (typeof pid !== 'number' || !validPid(pid)) return null;
    return { pid, startTime: typeof startTime === 'string' ? startTime : null };
  } catch {
    return null;
  }
}

const validPid = (pid: number) => Number.isInteger(pid) && pid > 0;

/** Whether the recorded holder itself still runs, not merely some process that now has its pid. */
function isRunning(holder: LockHolder): boolean {
  // Our own pid in a lock we do not hold is a leftover of an earlier process that had the same pid.
  if (holder.pid === process.pid || !isProcessAlive(holder.pid)) return false;
  if (holder.startTime === null) return true;
  const current = processStartTime(holder.pid);
  return current === null || current === holder.startTime;
}

/** When a process started (clock ticks after boot), from Linux's /proc; null elsewhere or if it is gone. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may contain spaces: count fields after it.
    const fieldsAfterName = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fieldsAfterName[STARTTIME_FIELD - 3] ?? null;
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
  return new DirectoryLockedError(
    `Data directory ${directory} is in use by ${who}. Stop it first, or set DATA_DIR to another directory.`,
  );
}
