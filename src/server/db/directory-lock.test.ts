import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDirectoryLock, DirectoryLockedError, processStartTime } from './directory-lock.js';

const lockFile = (dir: string) => path.join(dir, 'rampart.lock');
const holderOf = (dir: string) =>
  JSON.parse(readFileSync(lockFile(dir), 'utf8')) as { pid: number; startTime: string | null };

const bystanders: ChildProcess[] = [];
afterEach(() => bystanders.splice(0).forEach((child) => child.kill('SIGKILL')));

/** A live process that has nothing to do with Rampart, like one that got a dead owner's pid. */
async function unrelatedProcess(): Promise<number> {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  bystanders.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  if (child.pid === undefined) throw new Error('sleep did not start');
  return child.pid;
}

describe('acquireDirectoryLock', () => {
  it('lets one holder in, makes a second fail fast, and frees the directory on release', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rampart-lock-'));
    const lock = acquireDirectoryLock(dir);
    expect(holderOf(dir)).toEqual({ pid: process.pid, startTime: processStartTime(process.pid) });
    expect(() => acquireDirectoryLock(dir)).toThrow(DirectoryLockedError);
    lock.release();
    expect(existsSync(path.join(dir, 'rampart.lock'))).toBe(false);
    acquireDirectoryLock(dir).release();
  });

  it('takes over a leftover lock carrying our own pid (a restarted container often reuses it)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rampart-lock-'));
    writeFileSync(path.join(dir, 'rampart.lock'), String(process.pid));
    const lock = acquireDirectoryLock(dir);
    expect(() => acquireDirectoryLock(dir)).toThrow(DirectoryLockedError);
    lock.release();
  });

  it('treats a fresh lock without a readable pid as held (its owner is still writing it)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rampart-lock-'));
    writeFileSync(path.join(dir, 'rampart.lock'), '');
    expect(() => acquireDirectoryLock(dir)).toThrow(/another process/);
  });

  it('takes over a lock left behind by a process that no longer runs', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rampart-lock-'));
    writeFileSync(path.join(dir, 'rampart.lock'), '999999999');
    const lock = acquireDirectoryLock(dir);
    expect(holderOf(dir).pid).toBe(process.pid);
    lock.release();
  });

  it.runIf(process.platform === 'linux')(
    'takes over a lock whose pid now belongs to an unrelated live process',
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'rampart-lock-'));
      const pid = await unrelatedProcess();
      const startTime = processStartTime(pid);
      expect(startTime).not.toBeNull();
      // The dead owner started at another moment than the process that now has its pid.
      writeFileSync(lockFile(dir), JSON.stringify({ pid, startTime: `${startTime ?? ''}0` }));
      const lock = acquireDirectoryLock(dir);
      expect(holderOf(dir).pid).toBe(process.pid);
      lock.release();
    },
  );

  it.runIf(process.platform === 'linux')(
    'keeps refusing while the recorded owner, same pid and same start time, still runs',
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'rampart-lock-'));
      const pid = await unrelatedProcess();
      writeFileSync(lockFile(dir), JSON.stringify({ pid, startTime: processStartTime(pid) }));
      expect(() => acquireDirectoryLock(dir)).toThrow(`in use by process ${pid}`);
    },
  );
});
