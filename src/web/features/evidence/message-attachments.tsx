import { CheckSquare, Download, Square } from 'lucide-react';
import type { Attachment, EvidenceFile } from '../../../shared/contracts/evidence';
import { EVIDENCE_IMAGE_MEDIA_TYPES } from '../../../shared/evidence-rules';
import { formatDateTime } from '../../lib/format-date';
import { formatFileSize } from './evidence-files';

function isImage(file: EvidenceFile): boolean {
  return EVIDENCE_IMAGE_MEDIA_TYPES.includes(file.mediaType);
}

function Files({ files }: { files: readonly EvidenceFile[] }) {
  const images = files.filter(isImage);
  const others = files.filter((file) => !isImage(file));
  return (
    <>
      {images.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Images">
          {images.map((file) => (
            <li key={file.id}>
              <a
                href={file.url}
                className="block rounded-md border focus-visible:outline-2 focus-visible:outline-ring"
                title={`Download ${file.fileName}`}
              >
                <img src={file.url} alt={file.fileName} loading="lazy" className="size-24 rounded-md object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <ul className="grid gap-1" aria-label="Files">
          {others.map((file) => (
            <li key={file.id}>
              <a
                href={file.url}
                download={file.fileName}
                className="inline-flex items-center gap-1.5 text-sm text-primary underline-offset-4 hover:underline"
              >
                <Download className="size-3.5" aria-hidden="true" />
                {file.fileName}
                <span className="text-xs text-muted-foreground">({formatFileSize(file.size)})</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Checklist({ attachment }: { attachment: Attachment }) {
  const items = attachment.checklistItems ?? [];
  return (
    <div className="grid gap-1.5 rounded-md border bg-background/60 p-3 text-sm">
      <p className="font-medium">
        Checklist{attachment.completionRate === null ? '' : `: ${attachment.completionRate} completed`}
      </p>
      <ul className="grid gap-1">
        {items.map(({ item, checked }) => (
          <li key={item} className="flex items-start gap-2">
            {checked ? (
              <CheckSquare className="mt-0.5 size-4 shrink-0 text-success" aria-label="Done" />
            ) : (
              <Square className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-label="Not done" />
            )}
            <span>{item}</span>
          </li>
        ))}
      </ul>
      {attachment.userAcknowledgment === true && (
        <p className="text-xs text-muted-foreground">
          Acknowledged (I AGREE)
          {attachment.submissionTimestamp === null ? '' : ` on ${formatDateTime(attachment.submissionTimestamp)}`}
        </p>
      )}
    </div>
  );
}

/** A message's files (images as thumbnails linking to the file, others as downloads) and checklists. */
export function MessageAttachments({ attachments }: { attachments: readonly Attachment[] }) {
  return (
    <>
      {attachments.map((attachment, index) => (
        <div key={index} className="grid gap-2">
          {attachment.checklistItems !== null && attachment.checklistItems.length > 0 && (
            <Checklist attachment={attachment} />
          )}
          {attachment.files.length > 0 && <Files files={attachment.files} />}
        </div>
      ))}
    </>
  );
}
