import { Wrench } from 'lucide-react';
import { useServiceEngagements } from '../../api/admin-commerce/admin-commerce';
import { LoadingStatus } from '../../components/loading-status';
import { EngagementEditor } from './engagement-editor';

/** The admin page's Service Engagements section: each Full Service engagement, newest first, to update. */
export function ServiceEngagementsSection() {
  const engagements = useServiceEngagements();
  if (engagements.isPending) return <LoadingStatus label="Loading engagements..." className="py-2" />;
  if (engagements.isError) {
    return <p className="text-sm text-destructive">The engagements could not be loaded. Please refresh the page.</p>;
  }
  if (engagements.data.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 rounded-lg border border-dashed p-6 text-center text-sm">
        <Wrench className="size-6 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">No engagements yet</p>
        <p className="text-muted-foreground">Each Full Service purchase opens one here.</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="Service engagements, newest first">
      {engagements.data.map((engagement) => (
        <EngagementEditor key={engagement.id} engagement={engagement} />
      ))}
    </ul>
  );
}
