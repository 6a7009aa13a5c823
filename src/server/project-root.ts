import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The folder holding package.json, found from this module's own folder: the server runs both from its
 * sources (src/server, under tsx and in tests) and bundled into dist/server, at different depths.
 */
function findProjectRoot(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${start}`);
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findProjectRoot(import.meta.dirname);
