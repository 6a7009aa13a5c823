import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { auditExportJsonSchema } from './audit-export.js';

describe('the published export schema', () => {
  it('is the one generated from the zod schema (regenerate: npx tsx scripts/write-export-schema.ts)', () => {
    const published: unknown = JSON.parse(
      readFileSync(new URL('../../../docs/export-schema-v1.json', import.meta.url), 'utf8'),
    );
    expect(published).toEqual(auditExportJsonSchema());
  });
});
