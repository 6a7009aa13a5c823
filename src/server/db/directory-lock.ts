import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export interface DirectoryLock {
  release(): void;
}

export class DirectoryLockedError extends Error {
  override name = 'DirectoryLockedError';
}

/**
 * PGlite is single-process: two processes on one data directory corrupt it.
 * A lock file holding our pid makes a second process fail fast; a lock left by a dead process is taken over.
 */
export function acquireDirectoryLock(directory: string): DirectoryLock {
  const lockPath = path.join(directory, 'rampart.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            unlinkSync(lockPath);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(holder) && isProcessAlive(holder)) {
        throw new DirectoryLockedError(
          `Data directory ${directory} is in use by process ${holder}. Stop it first, or set DATA_DIR to another directory.`,
        );
      }
      unlinkSync(lockPath);
    }
  }
  throw new DirectoryLockedError(`Could not lock ${directory}`);
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
