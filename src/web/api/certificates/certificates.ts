import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CertificateDecision } from '../../../shared/certificate-rules';
import {
  getServerCertificate,
  listAllCertificates,
  rejectCertificate,
  updateCertificate,
} from '../../../shared/contracts/routes';
import { callEndpoint } from '../../lib/api-client';

export const certificateKeys = {
  all: ['certificates'] as const,
  everyServer: ['certificates', 'all'] as const,
  ofServer: (serverId: string) => ['certificates', 'server', serverId] as const,
};

// Asked again each time a page shows them: audits create certificates, and staff decide on them, elsewhere.
export const listAllCertificatesOptions = () =>
  queryOptions({
    queryKey: certificateKeys.everyServer,
    queryFn: () => callEndpoint(listAllCertificates),
    staleTime: 0,
  });

export const serverCertificateOptions = (serverId: string) =>
  queryOptions({
    queryKey: certificateKeys.ofServer(serverId),
    queryFn: () => callEndpoint(getServerCertificate, { params: { serverId } }),
    staleTime: 0,
  });

/** Every certificate, for staff (the certificates page and the admin page's Certificate Approval). */
export function useAllCertificates() {
  return useQuery(listAllCertificatesOptions());
}

/** A server's current certificate, null when it has none; asked only once the server is known. */
export function useServerCertificate(serverId: string | undefined) {
  return useQuery({ ...serverCertificateOptions(serverId ?? ''), enabled: serverId !== undefined });
}

interface Outcome {
  onSuccess: () => void;
  onError: (error: Error) => void;
}

// Neither is repeated on failure: a decision whose answer was lost has already been made, and the server
// refuses a second one with a conflict that would hide the first outcome. Every certificate query is read
// again either way, since a decision changes the staff list, the owner's view and the pending count.

/** Approve (`issued`) or revoke (`revoked`) one certificate. */
export function useDecideCertificate(outcome: Outcome) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; status: CertificateDecision }) =>
      callEndpoint(updateCertificate, { params: { id: input.id }, body: { status: input.status } }),
    retry: false,
    onSuccess: () => outcome.onSuccess(),
    onError: outcome.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: certificateKeys.all }),
  });
}

/** Reject one pending certificate with a reason; its owner is notified by the server. */
export function useRejectCertificate(outcome: Outcome) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; reason: string }) =>
      callEndpoint(rejectCertificate, { params: { id: input.id }, body: { reason: input.reason } }),
    retry: false,
    onSuccess: () => outcome.onSuccess(),
    onError: outcome.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: certificateKeys.all }),
  });
}
