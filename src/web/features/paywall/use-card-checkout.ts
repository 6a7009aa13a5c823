import { useState } from 'react';
import type { CheckoutRequest } from '../../../shared/contracts/payments';
import { useStripeCheckout } from '../../api/payments/checkout';
import { toast } from '../../components/ui/use-toast';
import { isWebAddress, paymentErrorMessage } from './checkout-request';

export function showPaymentError(error: unknown): void {
  toast({ title: 'Payment Error', description: paymentErrorMessage(error), variant: 'destructive' });
}

/**
 * Card checkout: the server opens a Stripe Checkout Session and the browser leaves for its hosted page.
 * `busy` stays true while the page is being left, so a second click cannot open a second order.
 */
export function useCardCheckout() {
  const checkout = useStripeCheckout();
  const [leaving, setLeaving] = useState(false);

  const start = (request: CheckoutRequest) =>
    checkout.mutate(request, {
      onSuccess: ({ url }) => {
        if (!isWebAddress(url)) {
          showPaymentError(null);
          return;
        }
        setLeaving(true);
        window.location.assign(url);
      },
      onError: showPaymentError,
    });

  return { start, busy: checkout.isPending || leaving };
}
