import path from 'node:path';
import type { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { lintProbe, probeLinter, repoRoot } from './lint-probe.js';

const clean = 'export const probe = 1;\n';

describe('kebab-case file names in eslint.config.js', () => {
  let eslint: ESLint;

  beforeAll(async () => {
    eslint = probeLinter();
    await eslint.calculateConfigForFile(path.join(repoRoot, 'src/shared/name-probe.ts'));
  }, 60_000);

  it.each([
    ['src/server/NameProbe.ts', 'check-file/filename-naming-convention'],
    ['src/web/components/name_probe.tsx', 'check-file/filename-naming-convention'],
    ['tests/helpers/nameProbe.ts', 'check-file/filename-naming-convention'],
    ['scripts/Name-Probe.mjs', 'check-file/filename-naming-convention'],
    ['src/web/features/Name_Probe/name-probe.tsx', 'check-file/folder-naming-convention'],
    ['bench/nameProbe/name-probe.ts', 'check-file/folder-naming-convention'],
  ])('reports %s', async (filePath, ruleId) => {
    expect((await lintProbe(eslint, filePath, clean)).map((finding) => finding.ruleId)).toEqual([ruleId]);
  });

  it.each([
    'src/server/name-probe.ts',
    'src/server/name-probe.test.ts',
    'src/server/name-probe.db.test.ts',
    'src/web/components/name-probe.tsx',
    'src/shared/name-probe.d.ts',
    'tests/e2e/name-probe.spec.ts',
    'scripts/name-probe.mjs',
    'bench/name-probe.ts',
  ])('allows %s', async (filePath) => {
    expect(await lintProbe(eslint, filePath, clean)).toEqual([]);
  });
});
