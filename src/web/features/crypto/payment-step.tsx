import { CircleCheck, ExternalLink, Hourglass, ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { CryptoSubscription, PaymentDetails } from '../../../shared/contracts/crypto-subscriptions';
import { usePayCryptoSubscription } from '../../api/crypto/crypto-subscription-mutations';
import { usePublicConfig } from '../../api/public-config/public-config';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { formatDate, formatDateTime } from '../../lib/format-date';
import { CopyButton } from '../../components/copy-button';
import { CURRENCY_OPTIONS, amountWithUnit, explorerTransactionUrl } from './crypto-amounts';
import { HASH_REQUIRED, verificationFailure, verificationOutcome } from './crypto-messages';

interface PaymentStepProps {
  subscription: CryptoSubscription;
  paymentDetails: PaymentDetails;
  onDone: () => void;
}

function CopyableValue({ label, value, what }: { label: string; value: string; what: string }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <span id={id} className="text-sm font-medium">
        {label}
      </span>
      <div className="flex items-center gap-2">
        <output
          aria-labelledby={id}
          className="min-w-0 flex-1 rounded-md border bg-muted/50 px-3 py-2 font-mono text-sm break-all"
        >
          {value}
        </output>
        <CopyButton value={value} what={what} />
      </div>
    </div>
  );
}

function Verified({ subscription, onDone }: { subscription: CryptoSubscription; onDone: () => void }) {
  return (
    <div className="grid gap-4">
      <Alert>
        <CircleCheck className="text-success" aria-hidden="true" />
        <AlertTitle>Subscription active</AlertTitle>
        <AlertDescription>
          {subscription.nextPaymentDue === null
            ? 'Your payment was verified on the chain.'
            : `Your payment was verified on the chain. The next one falls due on ${formatDate(subscription.nextPaymentDue)}.`}
        </AlertDescription>
      </Alert>
      <Button onClick={onDone}>Done</Button>
    </div>
  );
}

/** Step 2: where to send exactly what, then the transaction hash to check against the chain. */
export function PaymentStep({ subscription, paymentDetails, onDone }: PaymentStepProps) {
  const [hash, setHash] = useState('');
  const [notice, setNotice] = useState<ReactNode>(null);
  const pay = usePayCryptoSubscription(subscription.id);
  const hashId = useId();
  const hintId = useId();
  const { currency } = paymentDetails;
  const explorerUrl = explorerTransactionUrl(paymentDetails.explorerTxUrlPrefix, hash);
  const walletUrl = usePublicConfig().data?.simulatedWalletUrl ?? null;

  if (pay.data !== undefined && verificationOutcome(pay.data) === 'verified') {
    return <Verified subscription={pay.data.subscription} onDone={onDone} />;
  }

  const verify = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const transactionHash = hash.trim();
    if (transactionHash === '') {
      toast({ ...HASH_REQUIRED, variant: 'destructive' });
      return;
    }
    setNotice(null);
    pay.mutate(transactionHash, {
      onSuccess: (answer) => {
        const outcome = verificationOutcome(answer);
        if (outcome === 'verified') {
          toast({ title: 'Payment Verified', description: answer.message, variant: 'success' });
        } else if (outcome === 'pending') {
          setNotice(
            <Alert variant="warning">
              <Hourglass aria-hidden="true" />
              <AlertTitle>Waiting for confirmations</AlertTitle>
              <AlertDescription>
                {answer.message} Your transaction is on its way; verify again in a minute or two.
              </AlertDescription>
            </Alert>,
          );
        } else {
          toast({ title: 'Verification Failed', description: answer.message, variant: 'destructive' });
        }
      },
      onError: (error) => {
        const failure = verificationFailure(error);
        toast({ ...failure.toast, variant: 'destructive' });
        if (failure.reason !== null) {
          setNotice(
            <Alert variant="destructive">
              <AlertTitle>{failure.toast.title}</AlertTitle>
              <AlertDescription>{failure.reason}</AlertDescription>
            </Alert>,
          );
        }
      },
    });
  };

  const pending = pay.data !== undefined && verificationOutcome(pay.data) === 'pending';
  return (
    <form onSubmit={verify} className="grid gap-4" aria-busy={pay.isPending} noValidate>
      <CopyableValue
        label={`Recipient address (${CURRENCY_OPTIONS[currency].network})`}
        value={paymentDetails.recipientAddress}
        what="recipient address"
      />
      <CopyableValue label="Amount to send" value={paymentDetails.amount} what="amount" />
      <Alert>
        <ShieldCheck aria-hidden="true" />
        <AlertTitle>Send exactly {amountWithUnit(paymentDetails.amount, currency)}</AlertTitle>
        <AlertDescription>
          This exact amount ties your payment to this subscription; a different amount cannot be matched. Send it before{' '}
          {formatDateTime(paymentDetails.quoteExpiresAt)}.
        </AlertDescription>
      </Alert>
      {walletUrl !== null && (
        <p className="text-sm text-muted-foreground">
          This is a demo: nothing real is sent. Pay from the{' '}
          <a
            href={walletUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
          >
            simulated wallet
            <ExternalLink className="size-3" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>{' '}
          and paste the hash it shows.
        </p>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor={hashId}>Transaction hash</Label>
        <Input
          id={hashId}
          value={hash}
          onChange={(event) => setHash(event.target.value)}
          placeholder={currency === 'SOL' || currency === 'USDC-SPL' ? 'Transaction signature' : '0x…'}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          aria-describedby={hintId}
        />
        <p id={hintId} className="text-xs text-muted-foreground">
          Paste the hash your wallet shows once the transfer is sent.
          {explorerUrl !== null && (
            <>
              {' '}
              <a
                href={explorerUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
              >
                View on the block explorer
                <ExternalLink className="size-3" aria-hidden="true" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </>
          )}
        </p>
      </div>
      <div aria-live="polite">{notice}</div>
      <Button type="submit" disabled={pay.isPending}>
        {pay.isPending && <Spinner className="size-4 text-current" />}
        {pay.isPending ? 'Verifying…' : pending ? 'Verify again' : 'Verify Payment'}
      </Button>
    </form>
  );
}
