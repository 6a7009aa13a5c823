import { PaymentSuccessCard } from '../../features/paywall/payment-success-card';

/** /paywall/success: inside the shell, where Stripe's and NOWPayments' pages send the buyer back. */
export default function PaywallSuccessPage() {
  return (
    <div className="grid w-full py-6">
      <PaymentSuccessCard />
    </div>
  );
}
