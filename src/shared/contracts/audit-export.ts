import { z } from 'zod';
import { CheckCategory, CheckId, CheckStatus, EngineStatus, Severity } from '../audit-contract.js';
import { OVERRIDE_KINDS } from '../certification.js';
import { AUDIT_TRIGGERS } from '../monitoring-rules.js';
import { DiffFinding } from './audit-insights.js';

/**
 * The JSON export of a completed audit (GET /api/audits/{id}/export?format=json), documented in
 * docs/export-format.md and published as docs/export-schema-v1.json. Additive changes keep version 1;
 * removing, renaming or retyping a field is version 2.
 */
export const EXPORT_SCHEMA_VERSION = 1;

const Timestamp = z.iso.datetime({ offset: true });

export const ExportOverride = z.object({
  /** 'staff' (a decision of record) or 'self_attested' (the owner's claim, left out of the score of record). */
  kind: z.enum(OVERRIDE_KINDS),
  by: z.string().nullable(),
  at: Timestamp.nullable(),
  reason: z.string().nullable(),
  evidence: z.string().nullable(),
});

export const ExportWaiver = z.object({
  reviewer: z.string().nullable(),
  grantedAt: Timestamp,
  expiresAt: Timestamp,
  reason: z.string(),
});

export const ExportCheck = z.object({
  checkId: CheckId,
  name: z.string(),
  category: CheckCategory,
  severity: Severity,
  /** What counts: the engine's verdict, or staff's decision; never an owner's self-attested claim. */
  status: CheckStatus,
  engineStatus: EngineStatus,
  reason: z.string(),
  mainFinding: DiffFinding.nullable(),
  remediation: z.string(),
  evidence: z.record(z.string(), z.unknown()),
  override: ExportOverride.nullable(),
  waiver: ExportWaiver.nullable(),
});
export type ExportCheck = z.infer<typeof ExportCheck>;

export const AuditExport = z
  .object({
    schemaVersion: z.literal(EXPORT_SCHEMA_VERSION),
    exportedAt: Timestamp,
    server: z.object({
      name: z.string(),
      discordId: z.string(),
      memberCount: z.number().int().min(0),
    }),
    audit: z.object({
      id: z.string(),
      trigger: z.enum(AUDIT_TRIGGERS),
      createdAt: Timestamp,
      startedAt: Timestamp.nullable(),
      completedAt: Timestamp,
      riskScore: z.number().int().min(0).max(100),
      selfAttestedRiskScore: z.number().int().min(0).max(100).nullable(),
      counts: z.object({
        total: z.number().int().min(0),
        passed: z.number().int().min(0),
        failed: z.number().int().min(0),
        unknown: z.number().int().min(0),
        critical: z.number().int().min(0),
        high: z.number().int().min(0),
        medium: z.number().int().min(0),
        low: z.number().int().min(0),
        selfAttestedOverrides: z.number().int().min(0),
      }),
      certificateEligible: z.boolean(),
    }),
    checks: z.array(ExportCheck),
  })
  .meta({ title: 'Rampart audit export, version 1' });
export type AuditExport = z.infer<typeof AuditExport>;

/** The JSON Schema published as docs/export-schema-v1.json. */
export function auditExportJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(AuditExport, { target: 'draft-2020-12' });
}

/** The CSV's columns, in order: one row per check. */
export const EXPORT_CSV_COLUMNS = [
  'check_id',
  'name',
  'category',
  'severity',
  'status',
  'engine_status',
  'reason',
  'main_finding',
  'remediation',
  'waiver_expires_at',
] as const;
