import { useState } from 'react';
import { downloadAuditExport, type ExportFormat } from '../../api/audits/export';
import { downloadReport, openReportPopup } from '../../api/audits/report';
import { toast } from '../../components/ui/use-toast';

/** Opening and saving the PDF report, each with the toasts that say how it went. */
export function useReportActions() {
  const [isDownloading, setDownloading] = useState(false);

  const openPopup = (auditId: string): void => {
    const outcome = openReportPopup(auditId);
    if (outcome === 'blocked') {
      toast({ title: 'Popup Blocked', description: 'Please allow popups and try again.', variant: 'destructive' });
    } else if (outcome === 'failed') {
      toast({
        title: 'Failed to Open Report',
        description: 'The report could not be opened. Please try again.',
        variant: 'destructive',
      });
    } else {
      toast({ title: 'Report Opened', description: 'Use Ctrl+S or Print to save the report.', variant: 'success' });
    }
  };

  const download = async (auditId: string): Promise<void> => {
    setDownloading(true);
    try {
      await downloadReport(auditId);
      toast({ title: 'PDF Downloaded', description: 'The report has been saved to your device.', variant: 'success' });
    } catch {
      toast({
        title: 'PDF Unavailable',
        description: "PDF download isn't working right now, but you can view the full report above.",
        variant: 'destructive',
      });
    } finally {
      setDownloading(false);
    }
  };

  return { openPopup, download, isDownloading };
}

const FORMAT_LABELS: Record<ExportFormat, string> = { json: 'JSON', csv: 'CSV' };

/** Saving a completed audit as JSON or CSV, with the same kind of toasts as the PDF. */
export function useExportActions() {
  const [exporting, setExporting] = useState<ExportFormat | null>(null);

  const exportAs = async (auditId: string, format: ExportFormat): Promise<void> => {
    setExporting(format);
    try {
      const fileName = await downloadAuditExport(auditId, format);
      toast({
        title: `${FORMAT_LABELS[format]} Export Downloaded`,
        description: `${fileName} has been saved to your device.`,
        variant: 'success',
      });
    } catch {
      toast({
        title: 'Export Failed',
        description: `The ${FORMAT_LABELS[format]} export could not be downloaded. Please try again.`,
        variant: 'destructive',
      });
    } finally {
      setExporting(null);
    }
  };

  return { exportAs, exporting };
}
