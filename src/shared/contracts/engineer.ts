import { z } from 'zod';
import { CheckId } from '../audit-contract.js';
import { CheckParams, StoredCheckResult } from './audits.js';
import { endpoint } from './endpoint.js';

/** A DIY runbook: one per check, concrete steps in Discord's own settings. `content` is Markdown. */
export const Runbook = z.object({
  id: z.string(),
  checkId: CheckId,
  title: z.string(),
  description: z.string(),
  category: z.string(),
  content: z.string(),
});
export type Runbook = z.infer<typeof Runbook>;

export const SubmitCheckEvidenceRequest = z.object({
  evidence: z.string().trim().min(1, 'Describe the evidence for this override.').max(10_000),
});

export const listRunbooks = endpoint({
  name: 'listRunbooks',
  method: 'GET',
  path: '/api/runbooks',
  access: 'public',
  summary: 'The DIY runbooks, one per check (long-lived cache headers).',
  response: z.array(Runbook),
  status: 200,
  errors: [],
});

export const submitCheckEvidence = endpoint({
  name: 'submitCheckEvidence',
  method: 'POST',
  path: '/api/checks/:checkId/evidence',
  access: 'user',
  summary: 'Add or update the evidence behind an overridden check (its overrider side: the owner or staff).',
  params: CheckParams,
  body: SubmitCheckEvidenceRequest,
  response: StoredCheckResult,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
});
