import { runAudit } from '../src/audit/engine.js';
import type { AuditContext } from '../src/audit/types.js';
import type { AuditSnapshot } from '../src/shared/audit-snapshot.js';
import { median, ms, timeRuns, verdict } from './stats.js';

/** (a) The engine's time on one snapshot as a multiple of JSON.parse of that snapshot's JSON. */

export const ENGINE_RATIO_GOAL = 1;
const WARMUP = 3;
const ITERATIONS = 9;

export interface EngineRatio {
  ratio: number;
  auditMs: number;
  parseMs: number;
  jsonBytes: number;
}

export function measureEngineRatio(snapshot: AuditSnapshot, context: AuditContext): EngineRatio {
  const json = JSON.stringify(snapshot);
  const parseMs = median(
    timeRuns(
      ITERATIONS,
      WARMUP,
      () => json,
      (text) => JSON.parse(text),
    ),
  );
  // The engine caches derived data per snapshot object, so every run gets its own fresh copy
  // (parsed outside the clock), or later runs would only measure cache hits.
  const auditMs = median(
    timeRuns(
      ITERATIONS,
      WARMUP,
      () => JSON.parse(json) as AuditSnapshot,
      (copy) => {
        runAudit(copy, context);
      },
    ),
  );
  return { ratio: auditMs / parseMs, auditMs, parseMs, jsonBytes: Buffer.byteLength(json) };
}

export function formatEngineRatio(name: string, members: number, result: EngineRatio): string {
  return [
    `(a) Engine vs JSON.parse on the ${name} snapshot (${members.toLocaleString('en-US')} members, ${(result.jsonBytes / 1e6).toFixed(1)} MB JSON)`,
    `    median of ${ITERATIONS} runs after ${WARMUP} warm-up runs each`,
    `    runAudit / JSON.parse = ${result.ratio.toFixed(2)}  [audit ${ms(result.auditMs)}, parse ${ms(result.parseMs)}]`,
    `    goal <= ${ENGINE_RATIO_GOAL.toFixed(1)}: ${verdict(result.ratio <= ENGINE_RATIO_GOAL)}`,
  ].join('\n');
}
