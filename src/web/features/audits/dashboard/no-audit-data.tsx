import { Info } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';

/** What the dashboard says where an audit is needed and there is none. */
export function NoAuditData() {
  return (
    <Alert>
      <Info aria-hidden="true" />
      <AlertTitle>No Audit Data</AlertTitle>
      <AlertDescription>No audit results available to display. Please run an audit first.</AlertDescription>
    </Alert>
  );
}
