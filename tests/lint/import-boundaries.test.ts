import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ESLint, Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { importing, lintProbe, probeLinter, repoRoot, someModuleIn } from './lint-probe.js';

const zoneRule = 'import-x/no-restricted-paths';
const cycleRule = 'import-x/no-cycle';

const features = readdirSync(path.join(repoRoot, 'src/web/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => `src/web/features/${entry.name}`)
  .sort();
const [feature, siblingFeature] = features;
if (feature === undefined || siblingFeature === undefined) throw new Error('The probes need two web features');

interface Probe {
  arrow: string;
  /** Where the probe source pretends to live. */
  at: string;
  /** The folder whose first module it imports. */
  imports: string;
}

const forbidden: Probe[] = [
  { arrow: 'shared → server', at: 'src/shared/boundary-probe.ts', imports: 'src/server' },
  { arrow: 'shared → audit', at: 'src/shared/boundary-probe.ts', imports: 'src/audit' },
  { arrow: 'shared → web', at: 'src/shared/boundary-probe.ts', imports: 'src/web/lib' },
  { arrow: 'audit → server', at: 'src/audit/boundary-probe.ts', imports: 'src/server' },
  { arrow: 'audit → simulators', at: 'src/audit/boundary-probe.ts', imports: 'src/simulators' },
  { arrow: 'server → web', at: 'src/server/boundary-probe.ts', imports: 'src/web/lib' },
  { arrow: 'server (top level) → simulators', at: 'src/server/boundary-probe.ts', imports: 'src/simulators' },
  { arrow: 'server module → simulators', at: 'src/server/modules/boundary-probe.ts', imports: 'src/simulators' },
  { arrow: 'web → server', at: 'src/web/lib/boundary-probe.ts', imports: 'src/server' },
  { arrow: 'web → audit', at: 'src/web/lib/boundary-probe.ts', imports: 'src/audit' },
  { arrow: 'web → simulators', at: 'src/web/lib/boundary-probe.ts', imports: 'src/simulators' },
  { arrow: 'simulators → server', at: 'src/simulators/boundary-probe.ts', imports: 'src/server' },
  { arrow: 'simulators → audit', at: 'src/simulators/boundary-probe.ts', imports: 'src/audit' },
  { arrow: 'feature → sibling feature', at: `${feature}/boundary-probe.tsx`, imports: siblingFeature },
  { arrow: 'lib → features', at: 'src/web/lib/boundary-probe.ts', imports: feature },
  { arrow: 'lib → app', at: 'src/web/lib/boundary-probe.ts', imports: 'src/web/app' },
  { arrow: 'components → features', at: 'src/web/components/boundary-probe.tsx', imports: feature },
  { arrow: 'components → app', at: 'src/web/components/boundary-probe.tsx', imports: 'src/web/app' },
  { arrow: 'api → features', at: 'src/web/api/audits/boundary-probe.ts', imports: feature },
  { arrow: 'api → app', at: 'src/web/api/audits/boundary-probe.ts', imports: 'src/web/app' },
];

const allowed: Probe[] = [
  { arrow: 'server demo wiring → simulators', at: 'src/server/demo/boundary-probe.ts', imports: 'src/simulators' },
  { arrow: 'server → audit', at: 'src/server/boundary-probe.ts', imports: 'src/audit' },
  { arrow: 'server → shared', at: 'src/server/boundary-probe.ts', imports: 'src/shared' },
  { arrow: 'audit → shared', at: 'src/audit/boundary-probe.ts', imports: 'src/shared' },
  { arrow: 'web → shared', at: 'src/web/lib/boundary-probe.ts', imports: 'src/shared' },
  { arrow: 'simulators → shared', at: 'src/simulators/boundary-probe.ts', imports: 'src/shared' },
  { arrow: 'feature → lib', at: `${feature}/boundary-probe.tsx`, imports: 'src/web/lib' },
  { arrow: 'feature → components', at: `${feature}/boundary-probe.tsx`, imports: 'src/web/components' },
  { arrow: 'feature → its own files', at: `${feature}/boundary-probe.tsx`, imports: feature },
  { arrow: 'api → lib', at: 'src/web/api/audits/boundary-probe.ts', imports: 'src/web/lib' },
  { arrow: 'app → features', at: 'src/web/app/boundary-probe.tsx', imports: feature },
];

describe('import boundaries in eslint.config.js', () => {
  let eslint: ESLint;

  beforeAll(async () => {
    eslint = probeLinter();
    // Loading the config and its plugins is the slow part; do it once, outside the per-probe timeout.
    await eslint.calculateConfigForFile(path.join(repoRoot, 'src/shared/boundary-probe.ts'));
  }, 60_000);

  it.each(forbidden)('reports $arrow', async ({ at, imports }) => {
    const findings = await lintProbe(eslint, at, importing(at, someModuleIn(imports)));
    expect(findings.map(({ ruleId }) => ruleId)).toEqual([zoneRule]);
  });

  it.each(allowed)('allows $arrow', async ({ at, imports }) => {
    expect(await lintProbe(eslint, at, importing(at, someModuleIn(imports)))).toEqual([]);
  });

  it('reports a dynamic import of a simulator outside the demo wiring', async () => {
    const at = 'src/server/boundary-probe.ts';
    const target = someModuleIn('src/simulators')
      .replace(/^src\//, '../')
      .replace(/\.tsx?$/, '.js');
    const code = `export const load = () => import('${target}');\n`;
    expect((await lintProbe(eslint, at, code)).map(({ ruleId }) => ruleId)).toEqual([zoneRule]);
  });

  it('reports an import circle with the no-cycle rule as configured for src/', async () => {
    const srcConfig: Linter.Config = await eslint.calculateConfigForFile(path.join(repoRoot, 'src/server/app.ts'));
    const importPlugin = srcConfig.plugins?.['import-x'];
    const cycleSetting = srcConfig.rules?.[cycleRule];
    expect(importPlugin).toBeDefined();
    expect(cycleSetting).toBeDefined();
    // The two fixture files import each other; tests/ is outside the rule's files, so apply src/'s setup there.
    const fixtureLinter = probeLinter([
      {
        files: ['tests/lint/fixtures/**/*.ts'],
        ...(importPlugin ? { plugins: { 'import-x': importPlugin } } : {}),
        ...(srcConfig.settings ? { settings: srcConfig.settings } : {}),
        ...(cycleSetting ? { rules: { [cycleRule]: cycleSetting } } : {}),
      },
    ]);
    const fixture = 'tests/lint/fixtures/cycle-start.ts';
    const findings = await lintProbe(fixtureLinter, fixture, await readFile(path.join(repoRoot, fixture), 'utf8'));
    expect(findings.map(({ ruleId }) => ruleId)).toEqual([cycleRule]);
  });
});
