import type { z } from 'zod';
import type { AuditExportQuery } from '../../../shared/contracts/audit-insights';
import { exportAudit } from '../../../shared/contracts/routes';
import { fetchRawEndpoint } from '../../lib/api-client';
import { fileNameFromContentDisposition, saveBlob } from '../../lib/save-file';

export type ExportFormat = z.infer<typeof AuditExportQuery>['format'];

/** The name used when the server's answer names no file. */
export function fallbackExportFileName(auditId: string, format: ExportFormat): string {
  return `rampart-audit-${auditId}.${format}`;
}

/** Saves a completed audit as JSON or CSV under the file name the server chose. */
export async function downloadAuditExport(auditId: string, format: ExportFormat): Promise<string> {
  const response = await fetchRawEndpoint(exportAudit, { params: { id: auditId }, query: { format } });
  const fileName =
    fileNameFromContentDisposition(response.headers.get('content-disposition')) ??
    fallbackExportFileName(auditId, format);
  saveBlob(await response.blob(), fileName);
  return fileName;
}
