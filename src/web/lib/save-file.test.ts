import { describe, expect, it } from 'vitest';
import { fileNameFromContentDisposition } from './save-file';

describe('fileNameFromContentDisposition', () => {
  it('reads a quoted, an unquoted and an extended file name', () => {
    expect(fileNameFromContentDisposition('attachment; filename="rampart-audit-a1.json"')).toBe(
      'rampart-audit-a1.json',
    );
    expect(fileNameFromContentDisposition('attachment; filename=rampart-audit-a1.csv')).toBe('rampart-audit-a1.csv');
    expect(fileNameFromContentDisposition("attachment; filename*=UTF-8''caf%C3%A9%20audit.csv")).toBe('café audit.csv');
  });

  it('prefers the extended name over the plain one, whichever comes first', () => {
    expect(fileNameFromContentDisposition(`attachment; filename="plain.csv"; filename*=UTF-8''extended.csv`)).toBe(
      'extended.csv',
    );
  });

  it('unescapes quoted characters and keeps parameters after the name out', () => {
    expect(fileNameFromContentDisposition('attachment; filename="a \\"b\\".json"; size=10')).toBe('a "b".json');
  });

  it('falls back to the plain name when the extended one is malformed', () => {
    expect(fileNameFromContentDisposition(`attachment; filename*=UTF-8''%E0%A4%A; filename="plain.json"`)).toBe(
      'plain.json',
    );
  });

  it('never yields a path or an empty name', () => {
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('.._.._etc_passwd');
    expect(fileNameFromContentDisposition('attachment; filename=".."')).toBeNull();
    expect(fileNameFromContentDisposition('attachment; filename=""')).toBeNull();
    expect(fileNameFromContentDisposition('attachment')).toBeNull();
    expect(fileNameFromContentDisposition(null)).toBeNull();
  });
});
