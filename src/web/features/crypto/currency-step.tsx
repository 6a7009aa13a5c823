import { RefreshCw } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { CRYPTO_CURRENCIES, MONITORING_USD, type CryptoCurrency } from '../../../shared/commerce-rules';
import { useCryptoQuote } from '../../api/crypto/crypto-quote';
import { LoadingStatus } from '../../components/loading-status';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { formatDate } from '../../lib/format-date';
import { cn } from '../../lib/utils';
import { CURRENCY_OPTIONS, quoteListAmounts } from './crypto-amounts';

interface CurrencyStepProps {
  isCreating: boolean;
  onCreate: (currency: CryptoCurrency) => void;
}

/** Step 1: the four currencies with what a month costs in each at the current rate. */
export function CurrencyStep({ isCreating, onCreate }: CurrencyStepProps) {
  const quote = useCryptoQuote({ enabled: true });
  const [currency, setCurrency] = useState<CryptoCurrency>('SOL');

  if (quote.isPending) return <LoadingStatus label="Reading the current prices…" />;
  if (quote.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Prices unavailable</AlertTitle>
        <AlertDescription>The current crypto prices could not be read. Please try again.</AlertDescription>
        <div className="col-start-2 mt-2">
          <Button size="sm" variant="outline" onClick={() => void quote.refetch()}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      </Alert>
    );
  }

  const amounts = quoteListAmounts(quote.data);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onCreate(currency);
  };

  return (
    <form onSubmit={submit} className="grid gap-4" aria-busy={isCreating}>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Pay ${MONITORING_USD} a month in</legend>
        {CRYPTO_CURRENCIES.map((option) => (
          <label
            key={option}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              currency === option ? 'border-primary bg-primary/5' : 'hover:bg-accent/50',
            )}
          >
            <input
              type="radio"
              name="crypto-currency"
              value={option}
              checked={currency === option}
              onChange={() => setCurrency(option)}
              className="size-4 accent-primary"
            />
            <span className="grid flex-1 gap-0.5">
              <span className="font-medium">{option}</span>
              <span className="text-xs text-muted-foreground">{CURRENCY_OPTIONS[option].network}</span>
            </span>
            <span className="font-mono tabular-nums">
              ≈ {amounts[option]} {CURRENCY_OPTIONS[option].unit}
            </span>
          </label>
        ))}
      </fieldset>
      <p className="text-xs text-muted-foreground">
        Amounts at today’s rate; the exact amount to send is fixed on the next step. After the first payment the next
        one falls due on {formatDate(quote.data.nextPaymentDate)}.
      </p>
      <Button type="submit" disabled={isCreating}>
        {isCreating && <Spinner className="size-4 text-current" />}
        {isCreating ? 'Creating subscription…' : 'Continue'}
      </Button>
    </form>
  );
}
