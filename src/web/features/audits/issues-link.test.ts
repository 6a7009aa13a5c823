import { describe, expect, it } from 'vitest';
import { issuesHref, parseCheckFilter } from './issues-link';

describe('issuesHref', () => {
  it('opens the server’s checklist filtered to critical failures when there are any', () => {
    const href = issuesHref('server-1', [
      { severity: 'HIGH', status: 'FAIL' },
      { severity: 'CRITICAL', status: 'FAIL' },
    ]);
    const url = new URL(href, 'http://localhost');
    expect(url.pathname).toBe('/audits');
    expect(url.searchParams.get('server')).toBe('server-1');
    expect(parseCheckFilter(url.searchParams.get('filter'))).toBe('critical');
    expect(url.hash).toBe('#security-checklist');
  });

  it('falls back to high failures when no critical check failed', () => {
    const href = issuesHref('s', [
      { severity: 'CRITICAL', status: 'PASS' },
      { severity: 'HIGH', status: 'FAIL' },
    ]);
    expect(new URL(href, 'http://localhost').searchParams.get('filter')).toBe('high');
  });
});

describe('parseCheckFilter', () => {
  it('accepts the chip ids and falls back to All for anything else', () => {
    expect(parseCheckFilter('passed')).toBe('passed');
    expect(parseCheckFilter('CRITICAL')).toBe('all');
    expect(parseCheckFilter(null)).toBe('all');
  });
});
