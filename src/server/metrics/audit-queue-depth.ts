import { count, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { audits } from '../db/schema.js';

/** Audits pending and running across every instance: the queue is the audits table they share. */
export async function auditQueueDepth(db: Database): Promise<{ pending: number; running: number }> {
  const rows = await db
    .select({ status: audits.status, audits: count() })
    .from(audits)
    .where(inArray(audits.status, ['pending', 'running']))
    .groupBy(audits.status);
  const of = (status: string) => Number(rows.find((row) => row.status === status)?.audits ?? 0);
  return { pending: of('pending'), running: of('running') };
}
