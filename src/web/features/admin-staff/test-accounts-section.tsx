import { Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import type { TestAccount } from '../../../shared/contracts/admin-staff';
import { useDeleteTestAccount, useTestAccounts } from '../../api/admin-staff/admin-staff';
import { CopyableId } from '../../components/copyable-id';
import { LoadError } from '../../components/load-error';
import { LoadingStatus } from '../../components/loading-status';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { failureMessage } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format-date';
import { CreateTestAccountForm } from './create-test-account-form';
import { CELL, SectionEmpty, TableHead } from './section-states';

const COLUMNS = ['Username', 'Discord id', 'Role', 'Password', 'Created', 'Actions'] as const;

/** Asks before deleting: the account and its sessions are gone for good. `account` null means closed. */
function DeleteTestAccountDialog({ account, onClose }: { account: TestAccount | null; onClose: () => void }) {
  const remove = useDeleteTestAccount({
    onSuccess: () => {
      toast({ title: 'Account Deleted', variant: 'success' });
      onClose();
    },
    onError: (error) => toast({ title: 'Deletion Failed', description: failureMessage(error), variant: 'destructive' }),
  });
  return (
    <Dialog
      open={account !== null}
      onOpenChange={(open) => {
        if (open || remove.isPending) return;
        // The next account asked about starts without this one's failure.
        remove.reset();
        onClose();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete Test Account</DialogTitle>
          <DialogDescription>
            The test account {account?.username} and its sessions will be deleted. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        {remove.isError && (
          // The toast says it too, but a modal dialog hides the toasts from screen readers.
          <p role="alert" className="text-sm text-destructive">
            {failureMessage(remove.error)}
          </p>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={remove.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={remove.isPending || account === null}
            onClick={() => account !== null && remove.mutate(account.id)}
          >
            {remove.isPending && <Spinner className="size-4 text-current" />}
            Delete Account
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function AccountRow({ account, onDelete }: { account: TestAccount; onDelete: () => void }) {
  return (
    <tr className="border-b last:border-0">
      <td className={`${CELL} font-medium`}>{account.username}</td>
      <td className={CELL}>
        <CopyableId id={account.discordId} length={12} label="Discord id" />
      </td>
      <td className={CELL}>{account.isAdmin ? <Badge>Admin</Badge> : <Badge variant="outline">User</Badge>}</td>
      <td className={CELL}>{account.hasPassword ? 'Set' : 'None'}</td>
      <td className={`${CELL} whitespace-nowrap`}>{formatDateTime(account.createdAt)}</td>
      <td className="py-2 align-top">
        <Button variant="outline" size="sm" onClick={onDelete}>
          <Trash2 aria-hidden="true" />
          Delete
          <span className="sr-only"> {account.username}</span>
        </Button>
      </td>
    </tr>
  );
}

function AccountList() {
  const accounts = useTestAccounts();
  const [deleting, setDeleting] = useState<TestAccount | null>(null);
  if (accounts.isPending) return <LoadingStatus label="Loading test accounts..." className="py-2" />;
  if (accounts.isError) {
    return <LoadError title="The test accounts could not be loaded." onRetry={() => void accounts.refetch()} />;
  }
  if (accounts.data.length === 0) {
    return (
      <SectionEmpty
        icon={Users}
        title="No test accounts yet"
        hint="Create one below to sign in as a given user on the staff sign-in form."
      />
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Test accounts, newest first</caption>
        <TableHead columns={COLUMNS} />
        <tbody>
          {accounts.data.map((account) => (
            <AccountRow key={account.id} account={account} onDelete={() => setDeleting(account)} />
          ))}
        </tbody>
      </table>
      <DeleteTestAccountDialog account={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

/** The admin page's Test Accounts section: the accounts QA signs in with, to list, create and delete. */
export function TestAccountsSection() {
  return (
    <div className="grid gap-4">
      <AccountList />
      <CreateTestAccountForm />
    </div>
  );
}
