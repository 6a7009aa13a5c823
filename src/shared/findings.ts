import { z } from 'zod';

/**
 * The shapes of a check's evidence: what the engine writes and what the evidence view reads. The
 * engine's builders are typed with the parsed (output) types, so they always write every field a
 * default fills in; the view parses each stored item with the same schema, which tolerates those
 * fields missing and drops an item that does not fit rather than breaking the page.
 */

/** A role named in evidence. `permissions` is the role's full bitmask as a decimal string. */
export const RoleFinding = z.object({
  name: z.string(),
  permissions: z.string(),
  permissionNames: z.array(z.string()).optional(),
  members: z.number().nullable().optional(),
  problem: z.string().optional(),
});
export type RoleFinding = z.infer<typeof RoleFinding>;

export const ChannelFinding = z.object({
  name: z.string(),
  type: z.string().default(''),
  /** The bits that make this channel a finding, as a decimal string. */
  permissions: z.string().default('0'),
  permissionNames: z.array(z.string()).default([]),
  problem: z.string().optional(),
});
export type ChannelFinding = z.infer<typeof ChannelFinding>;

export const MemberFinding = z.object({
  displayName: z.string().optional(),
  username: z.string().optional(),
  roles: z.array(z.string()).default([]),
});
export type MemberFinding = z.infer<typeof MemberFinding>;

export const BotFinding = z.object({
  name: z.string(),
  problem: z.string().default(''),
  dangerousPermissions: z.array(z.string()).default([]),
  solution: z.string().default(''),
  verified: z.boolean().optional(),
});
export type BotFinding = z.infer<typeof BotFinding>;

export const IntegrationFinding = z.object({
  name: z.string(),
  type: z.string().default(''),
  enabled: z.boolean().optional(),
  problem: z.string().optional(),
});
export type IntegrationFinding = z.infer<typeof IntegrationFinding>;

/** Our own audit bot, shown as information and never counted as a finding. */
export const AuditBotNote = z.object({ name: z.string(), excluded: z.literal(true).default(true) });
export type AuditBotNote = z.infer<typeof AuditBotNote>;

/**
 * Structured evidence. The named keys are the shapes the evidence view renders; checks may add
 * further plain keys, which it lists generically.
 */
export const CheckEvidence = z.looseObject({
  summary: z.string().optional(),
  details: z.array(z.string()).optional(),
  recommendation: z.string().optional(),
  /** Why a check is UNKNOWN, naming the missing permission or intent. */
  missingData: z.array(z.string()).optional(),
  warnings: z.array(z.string()).optional(),
  /** How many warnings there were when `warnings` lists only the first of them. */
  totalWarnings: z.number().optional(),
  auditBot: AuditBotNote.optional(),
  rolesWithCriticalPerms: z.array(RoleFinding).optional(),
  botsWithDangerousPerms: z.array(BotFinding).optional(),
  problematicBots: z.array(BotFinding).optional(),
  totalBots: z.number().nullable().optional(),
  criticalCount: z.number().optional(),
  channels: z.array(ChannelFinding).optional(),
  publicChannels: z.number().optional(),
  vulnerableChannels: z.number().optional(),
  members: z.array(MemberFinding).optional(),
  /** null when the member list could not be read. */
  membersWithElevatedPerms: z.number().nullable().optional(),
  totalMembers: z.number().nullable().optional(),
  integrations: z.array(IntegrationFinding).optional(),
  suspiciousIntegrations: z.number().optional(),
  ownerId: z.string().optional(),
  verified: z.boolean().optional(),
  verificationLevel: z.number().optional(),
  verificationLabel: z.string().optional(),
  hasWelcomeScreen: z.boolean().optional(),
  hasRulesChannel: z.boolean().optional(),
  passedFeatures: z.number().optional(),
  totalFeatures: z.number().optional(),
  mfaRequired: z.boolean().optional(),
  mfaLevel: z.number().optional(),
  automodEnabled: z.boolean().optional(),
  activeRules: z.number().optional(),
  totalRules: z.number().optional(),
});
export type CheckEvidence = z.infer<typeof CheckEvidence>;
