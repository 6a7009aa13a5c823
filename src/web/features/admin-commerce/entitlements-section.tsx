import { KeyRound } from 'lucide-react';
import type { AdminEntitlement } from '../../../shared/contracts/admin-commerce';
import { useAdminEntitlements } from '../../api/admin-commerce/admin-commerce';
import { CopyableId } from '../../components/copyable-id';
import { LoadingStatus } from '../../components/loading-status';
import { Badge } from '../../components/ui/badge';
import { formatDateTime } from '../../lib/format-date';
import { formatDollars } from './commerce-figures';

const COLUMNS = ['Id', 'Plan', 'Paid', 'Provider', 'Amount', 'Created', 'Server', 'User'] as const;

function EntitlementRow({ entitlement }: { entitlement: AdminEntitlement }) {
  return (
    <tr className="border-b last:border-0">
      <td className="py-2 pr-3 whitespace-nowrap">
        <CopyableId id={entitlement.id} label="entitlement id" />
      </td>
      <td className="py-2 pr-3 whitespace-nowrap">{entitlement.plan}</td>
      <td className="py-2 pr-3">
        <Badge variant={entitlement.paid ? 'success' : 'outline'}>{entitlement.paid ? 'Paid' : 'Granted'}</Badge>
      </td>
      <td className="py-2 pr-3 whitespace-nowrap">{entitlement.provider}</td>
      <td className="py-2 pr-3 whitespace-nowrap tabular-nums">{formatDollars(entitlement.amountUsd)}</td>
      <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(entitlement.createdAt)}</td>
      <td className="py-2 pr-3">
        {entitlement.serverId === null ? (
          <span className="text-muted-foreground">Any server</span>
        ) : (
          <span className="grid">
            <span>{entitlement.serverName}</span>
            <CopyableId id={entitlement.serverId} label="server id" />
          </span>
        )}
      </td>
      <td className="py-2">
        <span className="grid">
          <span>{entitlement.username}</span>
          <CopyableId id={entitlement.userId} label="user id" />
        </span>
      </td>
    </tr>
  );
}

/** The admin page's Entitlements section: every entitlement, newest first. */
export function EntitlementsSection() {
  const entitlements = useAdminEntitlements();
  if (entitlements.isPending) return <LoadingStatus label="Loading entitlements..." className="py-2" />;
  if (entitlements.isError) {
    return <p className="text-sm text-destructive">The entitlements could not be loaded. Please refresh the page.</p>;
  }
  if (entitlements.data.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 rounded-lg border border-dashed p-6 text-center text-sm">
        <KeyRound className="size-6 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">No entitlements yet</p>
        <p className="text-muted-foreground">Purchases, coupons and bypass codes add them here.</p>
      </div>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Entitlements, newest first</caption>
        <thead className="border-b text-xs text-muted-foreground">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="py-2 pr-3 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entitlements.data.map((entitlement) => (
            <EntitlementRow key={entitlement.id} entitlement={entitlement} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
