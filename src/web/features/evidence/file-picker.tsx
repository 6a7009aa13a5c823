import { FileText, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { EVIDENCE_FILES_PER_MESSAGE } from '../../../shared/evidence-rules';
import { Button } from '../../components/ui/button';
import { acceptFor, addFiles, formatFileSize, isImageFile, type FileEvidenceType } from './evidence-files';

/** A chosen image as a data URL for its preview: the page's CSP allows data: images, not blob: ones. */
function useDataUrl(file: File): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    const reader = new FileReader();
    reader.onload = () => {
      if (current && typeof reader.result === 'string') setUrl(reader.result);
    };
    reader.readAsDataURL(file);
    return () => {
      current = false;
      if (reader.readyState === FileReader.LOADING) reader.abort();
    };
  }, [file]);
  return url;
}

function ImagePreview({ file }: { file: File }) {
  const url = useDataUrl(file);
  return url === null ? (
    <span className="size-12 shrink-0 rounded bg-muted" />
  ) : (
    <img src={url} alt={`Preview of ${file.name}`} className="size-12 shrink-0 rounded border object-cover" />
  );
}

interface FilePickerProps {
  type: FileEvidenceType;
  files: readonly File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}

/**
 * Chooses up to five files for one message, checking kind, size and number before anything is sent
 * and saying what was left out; each chosen file shows its name, size, a preview for images and a
 * remove button.
 */
export function FilePicker({ type, files, onChange, disabled = false }: FilePickerProps) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const label = type === 'screenshot' ? 'Screenshots' : 'Files';

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const added = Array.from(event.target.files ?? []);
    // Cleared so choosing the same file again after removing it fires a change.
    event.target.value = '';
    const selection = addFiles(files, added, type);
    setProblems(selection.problems);
    onChange(selection.files);
  };

  const remove = (file: File) => {
    setProblems([]);
    onChange(files.filter((chosen) => chosen !== file));
    inputRef.current?.focus();
  };

  return (
    <div className="grid gap-2">
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      {/* The browser's own "N files" text is hidden: the chosen files are listed below, and it goes stale once
          the input is cleared for the next choice. */}
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        multiple
        accept={acceptFor(type)}
        onChange={choose}
        disabled={disabled || files.length >= EVIDENCE_FILES_PER_MESSAGE}
        aria-describedby={hintId}
        className="block w-full text-sm text-transparent file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-foreground hover:file:bg-accent disabled:opacity-60"
      />
      <p id={hintId} className="text-xs text-muted-foreground">
        {type === 'screenshot' ? 'PNG, JPEG or WebP images' : 'PDF, text, JSON or image files'}; up to{' '}
        {EVIDENCE_FILES_PER_MESSAGE} files of at most 5 MB each.
      </p>
      {problems.length > 0 && (
        <ul role="alert" className="grid gap-1 text-sm text-destructive">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <ul className="grid gap-2" aria-label={`Chosen ${label.toLowerCase()}`}>
          {files.map((file) => (
            <li
              key={`${file.name}-${file.size}-${file.lastModified}`}
              className="flex items-center gap-3 rounded-md border p-2"
            >
              {isImageFile(file) ? (
                <ImagePreview file={file} />
              ) : (
                <FileText className="size-8 shrink-0 text-muted-foreground" aria-hidden="true" />
              )}
              <span className="grid min-w-0 flex-1">
                <span className="truncate text-sm font-medium">{file.name}</span>
                <span className="text-xs text-muted-foreground">{formatFileSize(file.size)}</span>
              </span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                onClick={() => remove(file)}
                disabled={disabled}
                aria-label={`Remove ${file.name}`}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
