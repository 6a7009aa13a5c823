import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Audit } from '../../../shared/contracts/audits';
import { useRealtimeEvent } from '../../lib/realtime';
import { invalidateAuditQueries } from './audit-keys';

/** Refreshes whatever shows an audit when the server says it changed; mounted with the live connection. */
export function useAuditUpdates(): void {
  const queryClient = useQueryClient();
  const refresh = useCallback((audit: Audit) => void invalidateAuditQueries(queryClient, audit), [queryClient]);
  useRealtimeEvent('audit.updated', refresh);
}
