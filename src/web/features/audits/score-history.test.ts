import { describe, expect, it } from 'vitest';
import { driftAlertLabel, scoreHistory, trendSentence } from './score-history';

const audit = (id: string, overrides: Partial<Parameters<typeof scoreHistory>[0][number]> = {}) => ({
  id,
  status: 'completed' as const,
  riskScore: 80,
  completedAt: `2026-11-0${id}T10:00:00.000Z`,
  createdAt: `2026-11-0${id}T09:59:00.000Z`,
  trigger: 'manual' as const,
  ...overrides,
});

const alert = { auditId: '3', previousScore: 92, score: 78, newFailures: [] };

describe('scoreHistory', () => {
  it('keeps completed audits with a score, oldest first, with their trigger and the alert each raised', () => {
    const history = scoreHistory(
      [
        audit('4', { status: 'failed', riskScore: null, completedAt: null }),
        audit('3', { riskScore: 78, trigger: 'scheduled' }),
        audit('2', { riskScore: 92, completedAt: null }),
      ],
      [alert, { ...alert, auditId: 'elsewhere' }],
    );
    expect(history).toEqual([
      { auditId: '2', date: '2026-11-02T09:59:00.000Z', score: 92, trigger: 'manual', alert: null },
      {
        auditId: '3',
        date: '2026-11-03T10:00:00.000Z',
        score: 78,
        trigger: 'scheduled',
        alert: { previousScore: 92, score: 78, newFailures: [] },
      },
    ]);
  });
});

describe('driftAlertLabel', () => {
  const failure = { checkId: 'BOT_ADMIN_PRIVILEGES', checkName: 'Bot admin privileges', severity: 'CRITICAL' } as const;

  it('names the fall, the new failures, or both', () => {
    expect(driftAlertLabel(alert)).toBe('Drift alert: score fell from 92 to 78');
    expect(driftAlertLabel({ previousScore: 90, score: 90, newFailures: [failure] })).toBe(
      'Drift alert: newly failing: Bot admin privileges',
    );
    expect(driftAlertLabel({ ...alert, newFailures: [failure] })).toBe(
      'Drift alert: score fell from 92 to 78; newly failing: Bot admin privileges',
    );
  });
});

describe('trendSentence', () => {
  it('says how the score moved', () => {
    expect(trendSentence([])).toBe('No completed audits yet.');
    expect(trendSentence([{ score: 70 }])).toBe('One completed audit so far, scoring 70. Run another to see a trend.');
    expect(trendSentence([{ score: 92 }, { score: 78 }])).toBe('From 92 to 78 over 2 audits: down 14 points.');
  });
});
