import { CreditCard, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import type { CheckoutRequest } from '../../../shared/contracts/payments';
import { formatUsd } from '../../../shared/plans';
import { useCryptoInvoice } from '../../api/payments/checkout';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { openPendingTab } from '../../lib/open-in-new-tab';
import { POPUP_BLOCKED, isWebAddress } from './checkout-request';
import { showPaymentError, useCardCheckout } from './use-card-checkout';

interface PanelProps {
  /** The request to send, or null after telling the user what is missing. */
  requireRequest: () => CheckoutRequest | null;
}

/** Card: the browser leaves for Stripe's hosted checkout page. */
export function CardCheckoutPanel({ priceCents, requireRequest }: PanelProps & { priceCents: number | null }) {
  const checkout = useCardCheckout();
  const pay = () => {
    const request = requireRequest();
    if (request !== null) checkout.start(request);
  };
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        You will enter your card on Stripe’s secure checkout page; Rampart never sees your card number.
      </p>
      <Button size="lg" onClick={pay} disabled={checkout.busy} aria-busy={checkout.busy}>
        {checkout.busy ? <Spinner className="size-4 text-current" /> : <CreditCard aria-hidden="true" />}
        {checkout.busy
          ? 'Opening secure checkout…'
          : `Pay ${priceCents === null ? '' : `${formatUsd(priceCents)} `}by Card`}
      </Button>
    </div>
  );
}

const CRYPTO_PROVIDER_BUTTONS = [
  { label: 'Pay with NOWPayments', hint: '300+ coins at 0.5% fees' },
  { label: 'Pay with Bitcoin, Ether or USDT', hint: 'Also through NOWPayments: pick the coin on its page' },
] as const;

/**
 * Crypto: the server opens a NOWPayments hosted invoice, shown in a new tab. The tab is opened at the click,
 * before the invoice exists, or the browser would count it as an unasked popup.
 */
export function CryptoCheckoutPanel({ requireRequest }: PanelProps) {
  const invoice = useCryptoInvoice();
  const [opened, setOpened] = useState(false);

  const payWithCrypto = () => {
    const request = requireRequest();
    if (request === null) return;
    const tab = openPendingTab();
    if (tab === null) {
      toast({ ...POPUP_BLOCKED, variant: 'destructive' });
      return;
    }
    invoice.mutate(request, {
      onSuccess: ({ url }) => {
        if (!isWebAddress(url)) {
          tab.close();
          showPaymentError(null);
          return;
        }
        tab.go(url);
        setOpened(true);
      },
      onError: (error) => {
        tab.close();
        showPaymentError(error);
      },
    });
  };

  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        The invoice opens in a new tab; your plan is activated once the payment is confirmed on the chain.
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {CRYPTO_PROVIDER_BUTTONS.map(({ label, hint }) => (
          <Button
            key={label}
            variant="outline"
            className="h-auto flex-col items-start gap-1 py-3 text-left whitespace-normal"
            onClick={payWithCrypto}
            disabled={invoice.isPending}
          >
            <span className="flex items-center gap-2 font-semibold">
              {label}
              <ExternalLink aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </span>
            <span className="text-xs font-normal text-muted-foreground">{hint}</span>
          </Button>
        ))}
      </div>
      {invoice.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" />
          Creating your invoice…
        </p>
      )}
      {opened && !invoice.isPending && (
        <p role="status" className="text-sm text-muted-foreground">
          The invoice is open in a new tab. Come back to your dashboard once the payment is confirmed.
        </p>
      )}
    </div>
  );
}
