import { useRef } from 'react';
import type { AttachmentInput } from '../../../shared/contracts/evidence';
import {
  useCreateEvidenceThread,
  useUploadEvidenceFiles,
  type NewEvidence,
} from '../../api/evidence/evidence-mutations';
import { toast } from '../../components/ui/use-toast';
import { submitFailureToast } from './evidence-errors';

export interface EvidenceToSubmit {
  evidence: Omit<NewEvidence, 'attachments'>;
  files: readonly File[];
  /** The message's attachments, given the ids of its uploaded files. */
  attachmentsFor: (fileIds: string[]) => AttachmentInput[];
}

/**
 * Uploads the chosen files, then submits the evidence with their ids, with the spec's toasts. A file
 * uploaded by a try that then failed is not sent again when the user tries once more.
 */
export function useSubmitEvidence() {
  const upload = useUploadEvidenceFiles();
  const create = useCreateEvidenceThread();
  const uploadedIds = useRef(new WeakMap<File, string>());

  const uploadMissing = async (files: readonly File[]): Promise<string[]> => {
    const missing = files.filter((file) => !uploadedIds.current.has(file));
    if (missing.length > 0) {
      const { files: stored } = await upload.mutateAsync(missing);
      missing.forEach((file, index) => {
        const id = stored[index]?.id;
        if (id !== undefined) uploadedIds.current.set(file, id);
      });
    }
    return files.flatMap((file) => {
      const id = uploadedIds.current.get(file);
      return id === undefined ? [] : [id];
    });
  };

  /** True once the evidence is in; on failure the form keeps everything for another try. */
  const submit = async ({ evidence, files, attachmentsFor }: EvidenceToSubmit): Promise<boolean> => {
    try {
      const fileIds = await uploadMissing(files);
      const attachments = attachmentsFor(fileIds);
      await create.mutateAsync({ ...evidence, ...(attachments.length > 0 ? { attachments } : {}) });
      toast({ title: 'Evidence Submitted', description: 'Your evidence has been submitted for admin review.' });
      return true;
    } catch (error) {
      toast(submitFailureToast(error));
      return false;
    }
  };

  return { submit, isPending: upload.isPending || create.isPending };
}
