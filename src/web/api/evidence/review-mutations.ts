import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyInputOf } from '../../../shared/contracts/endpoint';
import type {
  createEvidenceThread as CreateEvidenceThread,
  decideEvidenceThread as DecideEvidenceThread,
} from '../../../shared/contracts/evidence';
import { createEvidenceThread, decideEvidenceThread, postEvidenceMessage } from '../../../shared/contracts/routes';
import { callEndpoint, type AnswerOf } from '../../lib/api-client';
import { invalidateAuditQueries } from '../audits/audit-keys';
import { invalidateEvidenceQueries } from './evidence-keys';

/**
 * What the caller shows when a request ends. Given to the hook rather than to `mutate`, so it still runs
 * when the view that sent it is gone (a reply can move a thread out of a filtered list).
 */
export interface Outcome<Answer> {
  onSuccess?: (answer: Answer) => void;
  onError?: (error: Error) => void;
}

// None of these is idempotent: repeating a request whose answer was lost would post twice or meet a 409.

/** A reply in a thread, from staff or the owner side. */
export function useReplyToThread(threadId: string, outcome: Outcome<AnswerOf<typeof postEvidenceMessage>> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => callEndpoint(postEvidenceMessage, { params: { id: threadId }, body: { content } }),
    retry: false,
    onSuccess: (answer) => {
      outcome.onSuccess?.(answer);
      return invalidateEvidenceQueries(queryClient);
    },
    onError: outcome.onError,
  });
}

export type ThreadDecisionBody = BodyInputOf<typeof DecideEvidenceThread>;

/** Approve, waive or reject a thread's evidence; the audit's score changes with an approval. */
export function useDecideThread(threadId: string, outcome: Outcome<AnswerOf<typeof decideEvidenceThread>> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ThreadDecisionBody) => callEndpoint(decideEvidenceThread, { params: { id: threadId }, body }),
    retry: false,
    onSuccess: (answer) => {
      outcome.onSuccess?.(answer);
      return Promise.all([invalidateEvidenceQueries(queryClient), invalidateAuditQueries(queryClient, answer.audit)]);
    },
    onError: outcome.onError,
  });
}

export type NewThreadBody = BodyInputOf<typeof CreateEvidenceThread>;

/** Evidence on a check of an audit: opens (or continues) the check's thread. */
export function useSubmitEvidence(outcome: Outcome<AnswerOf<typeof createEvidenceThread>> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewThreadBody) => callEndpoint(createEvidenceThread, { body }),
    retry: false,
    onSuccess: (answer) => {
      outcome.onSuccess?.(answer);
      return invalidateEvidenceQueries(queryClient);
    },
    onError: outcome.onError,
  });
}
