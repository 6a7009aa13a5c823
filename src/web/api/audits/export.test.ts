import { describe, expect, it } from 'vitest';
import { fallbackExportFileName } from './export';

describe('fallbackExportFileName', () => {
  it('names the file after the audit, with the format as its extension', () => {
    expect(fallbackExportFileName('a1b2', 'json')).toBe('rampart-audit-a1b2.json');
    expect(fallbackExportFileName('a1b2', 'csv')).toBe('rampart-audit-a1b2.csv');
  });
});
