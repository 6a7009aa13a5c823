import type { audits, checkResults, servers, users } from './schema.js';

/** Rows as the database returns them; services on every side of the domain share these, so they live here. */
export type UserRow = typeof users.$inferSelect;
export type ServerRow = typeof servers.$inferSelect;
export type AuditRow = typeof audits.$inferSelect;
export type CheckResultRow = typeof checkResults.$inferSelect;
