import type { StoredCheckResult } from '../../../../shared/contracts/audits';
import { toast } from '../../../components/ui/use-toast';
import { useUpdateCheck } from '../../../api/audits/audit-mutations';
import { checkUpdateErrorDescription, OVERRIDE_CHECK_FALLBACK, UPDATE_CHECK_FALLBACK } from '../audit-errors';
import { overrideRequest, toggleRequest, type OverrideChoice } from './override-request';

const CHOICE_WORDS: Record<OverrideChoice, string> = { PASS: 'passed', FAIL: 'failed', WAIVED: 'waived' };

/** The two ways staff change a check, each with its own toasts. */
export function useCheckUpdates(options: { onOverridden: () => void }) {
  const update = useUpdateCheck();

  const toggle = (check: StoredCheckResult, on: boolean): void => {
    update.mutate(
      { checkResultId: check.id, ...toggleRequest(on) },
      {
        onSuccess: () =>
          toast({
            title: 'Check Updated',
            description: `${check.checkName} is now ${on ? 'waived' : 'failed'}.`,
            variant: 'success',
          }),
        onError: (error) =>
          toast({
            title: 'Update Failed',
            description: checkUpdateErrorDescription(error, UPDATE_CHECK_FALLBACK),
            variant: 'destructive',
          }),
      },
    );
  };

  const override = (check: StoredCheckResult, choice: OverrideChoice, notes: string): void => {
    update.mutate(
      { checkResultId: check.id, ...overrideRequest(choice, notes) },
      {
        onSuccess: () => {
          options.onOverridden();
          toast({
            title: 'Check Overridden',
            description: `${check.checkName} is now marked as ${CHOICE_WORDS[choice]}.`,
            variant: 'success',
          });
        },
        onError: (error) =>
          toast({
            title: 'Override Failed',
            description: checkUpdateErrorDescription(error, OVERRIDE_CHECK_FALLBACK),
            variant: 'destructive',
          }),
      },
    );
  };

  const updatingId = update.isPending ? update.variables.checkResultId : null;
  return { toggle, override, updatingId, isPending: update.isPending };
}
