import { writeFileSync } from 'node:fs';
import { auditExportJsonSchema } from '../src/shared/contracts/audit-export.js';

/** Writes docs/export-schema-v1.json from the export's zod schema (a unit test keeps the two equal). */
writeFileSync(
  new URL('../docs/export-schema-v1.json', import.meta.url),
  `${JSON.stringify(auditExportJsonSchema(), null, 2)}\n`,
);
