import { useState } from 'react';
import { MONITORING_USD, type CryptoCurrency } from '../../../shared/commerce-rules';
import type { CryptoSubscription, PaymentDetails } from '../../../shared/contracts/crypto-subscriptions';
import { useCreateCryptoSubscription } from '../../api/crypto/crypto-subscription-mutations';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { toast } from '../../components/ui/use-toast';
import { creationFailureMessage } from './crypto-messages';
import { CurrencyStep } from './currency-step';
import { PaymentStep } from './payment-step';

interface CryptoSubscriptionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  server: { id: string; name: string } | null;
}

interface Created {
  subscription: CryptoSubscription;
  paymentDetails: PaymentDetails;
}

/** The monthly crypto subscription: choose a currency, then send the exact amount and prove it with the hash. */
export function CryptoSubscriptionDialog({ open, onOpenChange, server }: CryptoSubscriptionDialogProps) {
  const [created, setCreated] = useState<Created | null>(null);
  const create = useCreateCryptoSubscription();

  const changeOpen = (next: boolean) => {
    // A closed dialog starts again at the first step; an unpaid subscription simply stays awaiting payment.
    if (!next) {
      setCreated(null);
      create.reset();
    }
    onOpenChange(next);
  };

  const createSubscription = (currency: CryptoCurrency) => {
    if (server === null) return;
    create.mutate(
      { currency, usdAmount: MONITORING_USD, serverId: server.id },
      {
        onSuccess: (answer) => {
          toast({
            title: 'Subscription Created',
            description: `Now send the payment in ${currency} and paste its transaction hash.`,
            variant: 'success',
          });
          setCreated(answer);
        },
        onError: (error) =>
          toast({
            title: 'Failed to Create Subscription',
            description: creationFailureMessage(error),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Monthly crypto subscription</DialogTitle>
          <DialogDescription>
            {created === null
              ? `Step 1 of 2: choose the currency for $${MONITORING_USD} a month of monitoring${server === null ? '' : ` for ${server.name}`}.`
              : 'Step 2 of 2: send the payment from your wallet, then paste the transaction hash to verify it.'}
          </DialogDescription>
        </DialogHeader>
        {created === null ? (
          <CurrencyStep isCreating={create.isPending} onCreate={createSubscription} />
        ) : (
          <PaymentStep
            subscription={created.subscription}
            paymentDetails={created.paymentDetails}
            onDone={() => changeOpen(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
