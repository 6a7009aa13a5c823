import { z } from 'zod';
import { CheckId, Severity } from '../audit-contract.js';
import {
  EVIDENCE_DECISIONS,
  EVIDENCE_FILE_MEDIA_TYPES,
  EVIDENCE_FILES_PER_MESSAGE,
  EVIDENCE_STATUSES,
  EVIDENCE_TEXT_MAX_LENGTH,
  EVIDENCE_TYPES,
  THREAD_STATUSES,
} from '../evidence-rules.js';
import { Audit, AuditWithChecks, IdParams, StoredCheckResult } from './audits.js';
import { endpoint } from './endpoint.js';

export const EvidenceStatus = z.enum(EVIDENCE_STATUSES);
export const ThreadStatus = z.enum(THREAD_STATUSES);
export const EvidenceType = z.enum(EVIDENCE_TYPES);
export const EvidenceDecision = z.enum(EVIDENCE_DECISIONS);

const EvidenceText = z
  .string()
  .trim()
  .min(1, 'Please provide evidence details before submitting.')
  .max(EVIDENCE_TEXT_MAX_LENGTH);

/** An uploaded file, as stored: served only to the thread's owner side and to staff. */
export const EvidenceFile = z.object({
  id: z.string(),
  fileName: z.string(),
  mediaType: z.enum(EVIDENCE_FILE_MEDIA_TYPES),
  size: z.number().int(),
  /** GET it for the bytes (always `Content-Disposition: attachment`). */
  url: z.string(),
});
export type EvidenceFile = z.infer<typeof EvidenceFile>;

export const ChecklistItem = z.object({ item: z.string().trim().min(1).max(500), checked: z.boolean() });

/**
 * What an owner attaches to a message (part 1 §3's manual evidence attachment, plus uploaded files by id).
 * On the manual checks the checklist must be that check's fixed list and `userAcknowledgment` true.
 */
export const AttachmentInput = z.object({
  type: EvidenceType,
  fileIds: z.array(z.string().uuid('must be an uploaded file id')).max(EVIDENCE_FILES_PER_MESSAGE).optional(),
  checklistItems: z.array(ChecklistItem).max(20).optional(),
  /** 'done/total'; must agree with the checklist. */
  completionRate: z
    .string()
    .regex(/^\d{1,2}\/\d{1,2}$/, "completionRate must read 'done/total'")
    .optional(),
  userAcknowledgment: z.boolean().optional(),
  submissionTimestamp: z.string().datetime({ offset: true }).optional(),
});
export type AttachmentInput = z.infer<typeof AttachmentInput>;

export const Attachment = z.object({
  type: EvidenceType,
  files: z.array(EvidenceFile),
  checklistItems: z.array(z.object({ item: z.string(), checked: z.boolean() })).nullable(),
  completionRate: z.string().nullable(),
  userAcknowledgment: z.boolean().nullable(),
  submissionTimestamp: z.string().nullable(),
});
export type Attachment = z.infer<typeof Attachment>;

export const ThreadMessage = z.object({
  id: z.string(),
  threadId: z.string(),
  message: z.string(),
  isAdminMessage: z.boolean(),
  /** Null once the author's account is deleted. */
  fromUser: z.object({ username: z.string() }).nullable(),
  attachments: z.array(Attachment),
  createdAt: z.string(),
});
export type ThreadMessage = z.infer<typeof ThreadMessage>;

export const ThreadCheckResult = z.object({
  id: z.string(),
  checkId: CheckId,
  checkName: z.string(),
  severity: Severity,
  status: z.enum(['PASS', 'FAIL', 'WAIVED']),
});

/** A thread as listed (the review panel's row, the thread-by-check lookup, a pushed thread). */
export const EvidenceThread = z.object({
  id: z.string(),
  status: ThreadStatus,
  auditId: z.string(),
  checkId: CheckId,
  serverId: z.string(),
  createdByUserId: z.string().nullable(),
  audit: z.object({ id: z.string() }),
  server: z.object({ id: z.string(), name: z.string() }),
  /** Null only if the audit's results were removed. */
  checkResult: ThreadCheckResult.nullable(),
  user: z.object({ username: z.string() }).nullable(),
  initialMessage: z.string(),
  lastMessage: z.object({ message: z.string(), isAdminMessage: z.boolean(), createdAt: z.string() }).nullable(),
  messageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EvidenceThread = z.infer<typeof EvidenceThread>;

export const EvidenceSubmission = z.object({
  id: z.string(),
  auditId: z.string(),
  serverId: z.string(),
  serverName: z.string(),
  threadId: z.string(),
  checkId: CheckId,
  type: EvidenceType,
  /** The submitted text; for `json`, the configuration data as sent (it parses as JSON). */
  content: z.string(),
  description: z.string().nullable(),
  attachments: z.array(Attachment),
  status: EvidenceStatus,
  reviewNotes: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.object({ username: z.string() }).nullable(),
  submittedBy: z.object({ username: z.string() }).nullable(),
  checkResult: z.object({ checkName: z.string(), severity: Severity }).nullable(),
  createdAt: z.string(),
});
export type EvidenceSubmission = z.infer<typeof EvidenceSubmission>;
export const EvidenceSubmissionList = z.array(EvidenceSubmission);

export const ThreadDetail = z.object({
  thread: EvidenceThread,
  audit: Audit,
  server: z.object({ id: z.string(), name: z.string() }),
  checkResult: StoredCheckResult.nullable(),
  messages: z.array(ThreadMessage),
  evidence: z.array(EvidenceSubmission),
  /** True for staff only; the server refuses anyone else's decision whatever this says. */
  canDecide: z.boolean(),
});
export type ThreadDetail = z.infer<typeof ThreadDetail>;

export const ListThreadsQuery = z.object({
  /** Staff see every thread unless they ask for `mine`; everyone else always gets `mine`. */
  scope: z.enum(['mine', 'all']).optional(),
  auditId: z.string().uuid('auditId must be an audit id').optional(),
  checkId: CheckId.optional(),
  serverId: z.string().uuid('serverId must be a server id').optional(),
  status: ThreadStatus.optional(),
  /** Matches server name, check name or message text, case-insensitively. */
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export const ThreadList = z.object({ threads: z.array(EvidenceThread) });

export const CreateThreadRequest = z.object({
  auditId: z.string().uuid('auditId must be an audit id'),
  checkId: CheckId,
  content: EvidenceText,
  /** A description of the evidence (required by the manual evidence card). */
  description: z.string().trim().max(EVIDENCE_TEXT_MAX_LENGTH).optional(),
  attachments: z.array(AttachmentInput).max(EVIDENCE_FILES_PER_MESSAGE).optional(),
});
export const CreateThreadResponse = z.object({
  thread: EvidenceThread,
  message: ThreadMessage,
  evidence: EvidenceSubmission,
});

export const PostMessageRequest = z.object({
  content: z.string().trim().min(1, 'A message cannot be empty.').max(EVIDENCE_TEXT_MAX_LENGTH),
  attachments: z.array(AttachmentInput).max(EVIDENCE_FILES_PER_MESSAGE).optional(),
});
export const PostMessageResponse = z.object({ thread: EvidenceThread, message: ThreadMessage });

export const DecisionRequest = z.object({
  decision: EvidenceDecision,
  /** The check's status after the decision: APPROVED grants a waiver (WAIVED), REJECTED leaves FAIL. */
  status: z.enum(['WAIVED', 'PASS', 'FAIL']).optional(),
  waiveReason: z.string().trim().max(2000).optional(),
  /** Posted to the thread as the staff member's message. */
  notes: z.string().trim().max(EVIDENCE_TEXT_MAX_LENGTH).optional(),
});
export const AuditStatistics = Audit.pick({
  riskScore: true,
  totalChecks: true,
  passedChecks: true,
  failedChecks: true,
  criticalIssues: true,
  highIssues: true,
  mediumIssues: true,
  lowIssues: true,
});
export const DecisionResponse = z.object({
  /** 'Evidence approved' or 'Evidence rejected'. */
  message: z.string(),
  thread: EvidenceThread,
  evidence: EvidenceSubmission,
  auditStatistics: AuditStatistics,
  audit: AuditWithChecks,
});

export const FileUploadResponse = z.object({ files: z.array(EvidenceFile) });

const ThreadParams = IdParams;
const AuditIdParams = z.object({ auditId: z.string().uuid('must be an id') });
const ServerIdParams = z.object({ serverId: z.string().uuid('must be an id') });
const EvidenceListQuery = z.object({ status: EvidenceStatus.optional() });

const READ_ERRORS = ['BAD_REQUEST', 'UNAUTHORIZED', 'NOT_FOUND'] as const;

export const listEvidenceThreads = endpoint({
  name: 'listEvidenceThreads',
  method: 'GET',
  path: '/api/evidence/threads',
  access: 'user',
  summary: "Evidence threads: staff see all (with the review panel's filters), owners those of their servers.",
  query: ListThreadsQuery,
  response: ThreadList,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED'],
});

export const getEvidenceThread = endpoint({
  name: 'getEvidenceThread',
  method: 'GET',
  path: '/api/evidence/threads/:id',
  access: 'user',
  summary: 'One thread with its audit, server, check result, messages and whether the caller may decide.',
  params: ThreadParams,
  response: ThreadDetail,
  status: 200,
  errors: READ_ERRORS,
});

export const createEvidenceThread = endpoint({
  name: 'createEvidenceThread',
  method: 'POST',
  path: '/api/evidence/threads',
  access: 'user',
  summary: "Submit evidence on a check: opens the check's thread (or continues it) and records a PENDING submission.",
  body: CreateThreadRequest,
  response: CreateThreadResponse,
  status: 201,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'NOT_FOUND', 'CONFLICT', 'THREAD_RESOLVED'],
});

export const postEvidenceMessage = endpoint({
  name: 'postEvidenceMessage',
  method: 'POST',
  path: '/api/evidence/threads/:id/messages',
  access: 'user',
  summary: 'Reply in a thread (refused once it is resolved).',
  params: ThreadParams,
  body: PostMessageRequest,
  response: PostMessageResponse,
  status: 201,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'NOT_FOUND', 'THREAD_RESOLVED'],
});

export const decideEvidenceThread = endpoint({
  name: 'decideEvidenceThread',
  method: 'POST',
  path: '/api/evidence/threads/:id/decision',
  access: 'user',
  summary:
    "Staff only (others on the server's owner side get 403): approve (a waiver; the score is recomputed) or reject a thread's evidence, resolving it.",
  params: ThreadParams,
  body: DecisionRequest,
  response: DecisionResponse,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'THREAD_RESOLVED'],
});

export const listAuditEvidence = endpoint({
  name: 'listAuditEvidence',
  method: 'GET',
  path: '/api/evidence/by-audit/:auditId',
  access: 'user',
  summary: 'The evidence submitted on one audit, newest first.',
  params: AuditIdParams,
  response: EvidenceSubmissionList,
  status: 200,
  errors: READ_ERRORS,
});

export const listServerEvidence = endpoint({
  name: 'listServerEvidence',
  method: 'GET',
  path: '/api/evidence/by-server/:serverId',
  access: 'user',
  summary: 'The evidence submitted on one server, newest first, optionally by status.',
  params: ServerIdParams,
  query: EvidenceListQuery,
  response: EvidenceSubmissionList,
  status: 200,
  errors: READ_ERRORS,
});

export const listUserEvidence = endpoint({
  name: 'listUserEvidence',
  method: 'GET',
  path: '/api/user/evidence',
  access: 'user',
  summary: "All evidence on the caller's servers, newest first.",
  response: EvidenceSubmissionList,
  status: 200,
  errors: ['UNAUTHORIZED'],
});

export const listAllEvidence = endpoint({
  name: 'listAllEvidence',
  method: 'GET',
  path: '/api/admin/all-evidence',
  access: 'admin',
  summary: 'Every evidence record, newest first, optionally by status (staff).',
  query: EvidenceListQuery,
  response: EvidenceSubmissionList,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN'],
});

export const getEvidence = endpoint({
  name: 'getEvidence',
  method: 'GET',
  path: '/api/evidence/:id',
  access: 'user',
  summary: 'One evidence record.',
  params: IdParams,
  response: EvidenceSubmission,
  status: 200,
  errors: READ_ERRORS,
});

export const decideEvidence = endpoint({
  name: 'decideEvidence',
  method: 'POST',
  path: '/api/evidence/:id/decision',
  access: 'user',
  summary: 'Staff only: a decision on an evidence record, the same act as the decision on its thread.',
  params: IdParams,
  body: DecisionRequest,
  response: DecisionResponse,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'THREAD_RESOLVED'],
});

export const uploadEvidenceFiles = endpoint({
  name: 'uploadEvidenceFiles',
  method: 'POST',
  path: '/api/evidence/files',
  access: 'user',
  summary:
    'Upload up to 5 files (multipart/form-data, field `files`, 5 MB each; PNG, JPEG, WebP, PDF, text or JSON by content) to attach to a message.',
  response: FileUploadResponse,
  status: 201,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
});

export const downloadEvidenceFile = endpoint({
  name: 'downloadEvidenceFile',
  method: 'GET',
  path: '/api/evidence/files/:id',
  access: 'user',
  summary: "An uploaded file, to its uploader, the thread's owner side and staff (as an attachment, nosniff).",
  params: IdParams,
  response: { mediaType: 'application/octet-stream', description: 'The file as uploaded' },
  status: 200,
  errors: READ_ERRORS,
});
