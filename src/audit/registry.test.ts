import { describe, expect, it } from 'vitest';
import { CHECK_IDS, MANUAL_EVIDENCE_CHECK_IDS } from '../shared/audit-contract.js';
import { CHECKS } from './registry.js';
import { SEAL_DISCORD } from './references.js';

describe('check registry', () => {
  it('lists exactly the twenty unique check ids', () => {
    const ids = CHECKS.map((check) => check.metadata.id);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    expect([...ids].sort()).toEqual([...CHECK_IDS].sort());
  });

  it.each(CHECKS.map((check) => [check.metadata.id, check] as const))('%s is fully described', (_id, check) => {
    const { metadata } = check;
    expect(metadata.remediation.length).toBeGreaterThan(40);
    expect(metadata.whyThisMatters.length).toBeGreaterThan(40);
    expect(metadata.evidenceGuidance.length).toBeGreaterThan(20);
    expect(metadata.name).not.toBe('');
    expect(metadata.references).toContainEqual(SEAL_DISCORD);
  });

  it('marks exactly the three manual checks as needing evidence', () => {
    const manual = CHECKS.filter((check) => check.metadata.requiresManualEvidence).map((check) => check.metadata.id);
    expect(manual.sort()).toEqual([...MANUAL_EVIDENCE_CHECK_IDS].sort());
  });

  it('gives each check file its own module name in kebab case', async () => {
    const { readdir } = await import('node:fs/promises');
    const files = (await readdir(new URL('./checks/', import.meta.url))).filter((file) => !file.endsWith('.test.ts'));
    expect(files).toHaveLength(20);
    for (const file of files) expect(file).toMatch(/^[a-z]+(-[a-z]+)*\.ts$/);
  });
});
