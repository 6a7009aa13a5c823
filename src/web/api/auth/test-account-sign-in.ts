import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signInWithTestAccount } from '../../../shared/contracts/routes';
import { callEndpoint } from '../../lib/api-client';
import { authKeys } from './current-user';

/** The staff sign-in form (offered to visitors): a test account's username and password open a session. */
export function useTestAccountSignIn(outcome: { onSuccess: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { username: string; password: string }) => callEndpoint(signInWithTestAccount, { body }),
    retry: false,
    onSuccess: async (user) => {
      queryClient.setQueryData(authKeys.currentUser, user);
      await queryClient.invalidateQueries({ queryKey: authKeys.currentUser });
      outcome.onSuccess();
    },
  });
}
