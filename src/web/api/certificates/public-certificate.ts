import { useQuery } from '@tanstack/react-query';
import { verifyCertificate } from '../../../shared/contracts/routes';
import { callEndpoint } from '../../lib/api-client';
import { ApiError } from '../../lib/api-errors';

export const publicCertificateKey = (certificateId: string) => ['public-certificate', certificateId] as const;

/**
 * What anyone may learn of a certificate from its public id (the /verify page, signed in or not). An
 * unknown id is an answer, not a failure to retry: 404 and 400 are not asked again.
 */
export function usePublicCertificate(certificateId: string) {
  return useQuery({
    queryKey: publicCertificateKey(certificateId),
    queryFn: () => callEndpoint(verifyCertificate, { params: { certificateId } }),
    // A verifier wants the status of now, not of an earlier visit.
    staleTime: 0,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
}

/** The server does not know the id (or it could never be one). */
export function isUnknownCertificate(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
