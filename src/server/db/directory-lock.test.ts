import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDirectoryLock, DirectoryLockedError } from './directory-lock.js';

describe('acquireDirectoryLock', () => {
  it('lets one holder in, makes a second fail fast, and frees the directory on release', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rampart-lock-'));
    const lock = acquireDirectoryLock(dir);
    expect(readFileSync(path.join(dir, 'rampart.lock'), 'utf8')).toBe(String(process.pid));
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
    expect(readFileSync(path.join(dir, 'rampart.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
  });
});
