import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/server/db/schema.ts',
    './src/server/db/schema-evidence.ts',
    './src/server/db/schema-commerce.ts',
    './src/server/db/schema-staff.ts',
    './src/server/db/schema-monitoring.ts',
  ],
  out: './drizzle',
});
