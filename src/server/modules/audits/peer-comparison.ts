import { sql } from 'drizzle-orm';
import type { CheckId } from '../../../shared/audit-contract.js';
import type { PeerComparison } from '../../../shared/contracts/audit-insights.js';
import { memberCountBand, MIN_PEERS, PEER_WINDOW_DAYS } from '../../../shared/monitoring-rules.js';
import { type Database, queryRows } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Caller } from '../auth/caller.js';
import { findAccessibleAudit } from './access.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Largest value of an integer column: the top band's bound is a JavaScript number beyond it. */
const MAX_INTEGER_COLUMN = 2_147_483_647;

/**
 * The peers of a server, as SQL: every other server of the band, each by its latest completed audit,
 * kept when that audit completed within the window. Only aggregates over it ever leave the database.
 */
function peerAudits(input: { serverId: string; min: number; max: number; since: Date }) {
  return sql`
    latest AS (
      SELECT DISTINCT ON (a.server_id) a.id, a.risk_score, a.completed_at
      FROM audits a
      JOIN servers s ON s.id = a.server_id
      WHERE a.status = 'completed'
        AND a.risk_score IS NOT NULL
        AND a.server_id <> ${input.serverId}
        AND s.member_count >= ${input.min}
        AND s.member_count <= ${Math.min(input.max, MAX_INTEGER_COLUMN)}
      ORDER BY a.server_id, a.completed_at DESC, a.id DESC
    ),
    peers AS (SELECT id, risk_score FROM latest WHERE completed_at >= ${input.since.toISOString()}::timestamptz)`;
}

/** Whether a check's status of record (an owner's self-attested claim does not count) passes. */
const PASSES_OF_RECORD = sql`(CASE WHEN cr.override_kind = 'self_attested' THEN cr.engine_status ELSE cr.status END) IN ('PASS', 'WAIVED')`;

/**
 * How a completed audit compares with the latest audits of servers of its size (PeerComparison): the score
 * percentile, below + half the equal, and per check the share of peers passing it; nothing with fewer than
 * MIN_PEERS peers.
 */
export async function getPeerComparison(options: {
  db: Database;
  caller: Caller;
  auditId: string;
  now: () => Date;
}): Promise<PeerComparison> {
  const { db } = options;
  const { audit, server } = await findAccessibleAudit(db, options.caller, options.auditId);
  if (audit.status !== 'completed' || audit.riskScore === null) {
    throw new AppError('CONFLICT', 'An audit can be compared with others once it has completed.');
  }
  const band = memberCountBand(server.memberCount);
  const peers = peerAudits({
    serverId: server.id,
    min: band.min,
    max: band.max,
    since: new Date(options.now().getTime() - PEER_WINDOW_DAYS * DAY_MS),
  });
  const [scores] = await queryRows<{ peer_count: number; below: number; equal: number }>(
    db,
    sql`WITH ${peers}
      SELECT count(*)::int AS peer_count,
             count(*) FILTER (WHERE risk_score < ${audit.riskScore})::int AS below,
             count(*) FILTER (WHERE risk_score = ${audit.riskScore})::int AS equal
      FROM peers`,
  );
  const peerCount = Number(scores?.peer_count ?? 0);
  if (peerCount < MIN_PEERS) return { minimumPeers: MIN_PEERS, peers: null };
  const passing = await queryRows<{ check_id: CheckId; passing: number }>(
    db,
    sql`WITH ${peers}
      SELECT cr.check_id, count(*) FILTER (WHERE ${PASSES_OF_RECORD})::int AS passing
      FROM peers JOIN check_results cr ON cr.audit_id = peers.id
      GROUP BY cr.check_id
      ORDER BY cr.check_id`,
  );
  const below = Number(scores?.below ?? 0);
  const equal = Number(scores?.equal ?? 0);
  return {
    minimumPeers: MIN_PEERS,
    peers: {
      band: band.label,
      peerCount,
      percentile: Math.round((100 * (below + equal / 2)) / peerCount),
      checks: passing.map((row) => ({
        checkId: row.check_id,
        passShare: Math.round((100 * Number(row.passing)) / peerCount),
      })),
    },
  };
}
