import { z } from 'zod';
import { IdParams } from './audits.js';
import { CurrentUser } from './auth.js';
import { CertificateStatus, ServerIdParams } from './certificates.js';
import { endpoint } from './endpoint.js';

/** One row per server (part 2 §3): `id` equals the server id. */
export const CsuVerificationRow = z.object({
  id: z.string(),
  name: z.string(),
  ownerId: z.string().nullable(),
  auditRiskScore: z.number().int().nullable(),
  lastAuditDate: z.string().nullable(),
  certificateStatus: CertificateStatus.nullable(),
  /** Pending until staff decide: null, then true (Verified) or false (Denied). */
  csulVerified: z.boolean().nullable(),
  adminNotes: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type CsuVerificationRow = z.infer<typeof CsuVerificationRow>;

export const UpdateCsuVerificationRequest = z.object({
  verified: z.boolean(),
  adminNotes: z.string().trim().max(2000).nullish(),
});

export const TestAccount = z.object({
  id: z.string(),
  username: z.string(),
  discordId: z.string(),
  isAdmin: z.boolean(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type TestAccount = z.infer<typeof TestAccount>;

export const TEST_ACCOUNT_MIN_PASSWORD_LENGTH = 12;

export const CreateTestAccountRequest = z.object({
  username: z
    .string()
    .trim()
    .min(3, 'A username of at least 3 characters is required.')
    .max(32)
    .regex(/^[A-Za-z0-9_.-]+$/, 'Use letters, digits, dots, dashes and underscores only.'),
  password: z
    .string()
    .min(
      TEST_ACCOUNT_MIN_PASSWORD_LENGTH,
      `A password of at least ${TEST_ACCOUNT_MIN_PASSWORD_LENGTH} characters is required.`,
    )
    .max(256),
  /** Empty or absent: one is generated. Otherwise a Discord snowflake; an existing user with it is the one acted as. */
  discordId: z
    .string()
    .trim()
    .regex(/^(\d{17,20})?$/, 'A Discord id is 17 to 20 digits.')
    .optional(),
  isAdmin: z.boolean().default(false),
});

export const TestAccountSignInRequest = z.object({
  username: z.string().trim().min(1, 'Enter the username.').max(64),
  password: z.string().min(1, 'Enter the password.').max(256),
});

/** One entry of the audit trail of staff actions. */
export const StaffAction = z.object({
  id: z.string(),
  actorUserId: z.string().nullable(),
  actorName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  summary: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type StaffAction = z.infer<typeof StaffAction>;

export const StaffActionQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** An entry's createdAt: the page of entries older than it. */
  before: z.string().datetime().optional(),
});

export const listCsuVerification = endpoint({
  name: 'listCsuVerification',
  method: 'GET',
  path: '/api/admin/csu-verification',
  access: 'admin',
  summary: "Every server's cold super user verification, with its last audit and certificate (staff only).",
  response: z.array(CsuVerificationRow),
  status: 200,
  errors: ['UNAUTHORIZED', 'FORBIDDEN'],
});

export const updateCsuVerification = endpoint({
  name: 'updateCsuVerification',
  method: 'POST',
  path: '/api/admin/csu-verification/:serverId',
  access: 'admin',
  summary:
    "Verify or deny a server's CSU account: its latest audit's CSU check passes or fails and is rescored; the owner is notified.",
  params: ServerIdParams,
  body: UpdateCsuVerificationRequest,
  response: CsuVerificationRow,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
});

export const listTestAccounts = endpoint({
  name: 'listTestAccounts',
  method: 'GET',
  path: '/api/admin/test-accounts',
  access: 'admin',
  summary: 'Every test account, newest first; passwords are never returned (staff only).',
  response: z.array(TestAccount),
  status: 200,
  errors: ['UNAUTHORIZED', 'FORBIDDEN'],
});

export const createTestAccount = endpoint({
  name: 'createTestAccount',
  method: 'POST',
  path: '/api/admin/test-accounts',
  access: 'admin',
  summary: 'Create a test account (password hashed with argon2id); a Discord id is generated when empty (staff only).',
  body: CreateTestAccountRequest,
  response: TestAccount,
  status: 201,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'CONFLICT'],
});

export const deleteTestAccount = endpoint({
  name: 'deleteTestAccount',
  method: 'DELETE',
  path: '/api/admin/test-accounts/:id',
  access: 'admin',
  summary: 'Delete a test account and end its sessions (staff only).',
  params: IdParams,
  response: z.object({ ok: z.literal(true) }),
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND'],
});

export const listStaffActions = endpoint({
  name: 'listStaffActions',
  method: 'GET',
  path: '/api/admin/activity',
  access: 'admin',
  summary: 'The audit trail of staff actions, newest first (staff only).',
  query: StaffActionQuery,
  response: z.array(StaffAction),
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN'],
});

export const signInWithTestAccount = endpoint({
  name: 'signInWithTestAccount',
  method: 'POST',
  path: '/api/auth/test-account',
  access: 'public',
  summary: 'Staff sign-in form: a test account signs in with its username and password, when enabled (rate limited).',
  body: TestAccountSignInRequest,
  response: CurrentUser,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'NOT_FOUND', 'RATE_LIMITED'],
});
