import { describe, expect, it } from 'vitest';
import { CHECK_IDS } from '../audit-contract.js';
import { Runbook } from '../contracts/engineer.js';
import { RUNBOOKS } from './runbooks.js';

/** The text of one `## Heading` section of a runbook's Markdown, up to the next heading. */
function section(content: string, heading: string): string {
  const start = content.indexOf(`## ${heading}\n`);
  if (start === -1) return '';
  const rest = content.slice(start + heading.length + 4);
  const next = rest.indexOf('\n## ');
  return next === -1 ? rest : rest.slice(0, next);
}

describe('the DIY runbooks', () => {
  it('has exactly one runbook per check, in the checklist’s order', () => {
    expect(RUNBOOKS.map((runbook) => runbook.checkId)).toEqual([...CHECK_IDS]);
  });

  it('gives every runbook a unique, stable slug id', () => {
    const ids = RUNBOOKS.map((runbook) => runbook.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it.each(RUNBOOKS.map((runbook) => [runbook.checkId, runbook] as const))(
    '%s: matches the contract and has numbered steps, a definition of done and pitfalls',
    (_checkId, runbook) => {
      expect(Runbook.parse(runbook)).toEqual(runbook);
      expect(runbook.title.trim().length).toBeGreaterThan(10);
      expect(runbook.description.trim().length).toBeGreaterThan(30);
      expect(runbook.content.startsWith('## Steps\n')).toBe(true);
      const steps = section(runbook.content, 'Steps').match(/^\d+\. \S.*$/gm) ?? [];
      expect(steps.length).toBeGreaterThanOrEqual(3);
      // Steps are numbered 1, 2, 3… so a reader can say which one failed.
      expect(steps.map((step) => Number(step.split('.')[0]))).toEqual(steps.map((_, index) => index + 1));
      expect(section(runbook.content, 'Done when').match(/^- \S/gm)?.length ?? 0).toBeGreaterThanOrEqual(1);
      expect(section(runbook.content, 'Pitfalls').match(/^- \S/gm)?.length ?? 0).toBeGreaterThanOrEqual(2);
      // Concrete: every runbook walks through Discord's own menus or the Developer Portal.
      expect(runbook.content).toMatch(/\*\*(Server Settings|Edit Channel|User Settings)\*\*|Developer Portal/);
    },
  );
});
