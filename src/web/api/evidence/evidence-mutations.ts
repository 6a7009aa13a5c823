import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckId } from '../../../shared/audit-contract';
import type { AttachmentInput } from '../../../shared/contracts/evidence';
import { createEvidenceThread, uploadEvidenceFiles } from '../../../shared/contracts/routes';
import { callEndpoint, callEndpointWithForm } from '../../lib/api-client';
import { evidenceKeys, invalidateEvidenceQueries } from './evidence-keys';

/** Uploads files for one message; the answer's ids go into the message's attachments. */
export function useUploadEvidenceFiles() {
  return useMutation({
    mutationFn: (files: readonly File[]) => {
      const form = new FormData();
      for (const file of files) form.append('files', file, file.name);
      return callEndpointWithForm(uploadEvidenceFiles, form);
    },
    // Each try stores the files again; a lost answer is better met by the user pressing Submit again.
    retry: false,
  });
}

export interface NewEvidence {
  auditId: string;
  checkId: CheckId;
  content: string;
  description?: string;
  attachments?: AttachmentInput[];
}

/** Submits evidence on a check: opens (or continues) its thread, which the discussion panel then shows. */
export function useCreateEvidenceThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (evidence: NewEvidence) => callEndpoint(createEvidenceThread, { body: evidence }),
    retry: false,
    onSuccess: ({ thread }) => {
      queryClient.setQueryData(evidenceKeys.threadOfCheck(thread.auditId, thread.checkId), thread);
      return invalidateEvidenceQueries(queryClient);
    },
  });
}
