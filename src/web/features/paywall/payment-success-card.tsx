import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, LayoutDashboard } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearch } from 'wouter';
import { auditKeys } from '../../api/audits/audit-keys';
import { entitlementKeys } from '../../api/entitlements/entitlements';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';

/**
 * Where the payment provider sends the browser back. It confirms and moves on; it grants nothing (only the
 * provider's signed confirmation does), and its order_id is only logged, for support, never shown.
 */
export function PaymentSuccessCard() {
  const orderId = new URLSearchParams(useSearch()).get('order_id');
  const queryClient = useQueryClient();

  useEffect(() => {
    if (orderId !== null) console.info('Payment completed for order', orderId);
    // The new plan or audit shows on the next page only if what was read before the payment is read again.
    void queryClient.invalidateQueries({ queryKey: entitlementKeys.mine });
    void queryClient.invalidateQueries({ queryKey: auditKeys.all });
  }, [orderId, queryClient]);

  return (
    <Card className="mx-auto w-full max-w-lg text-center">
      <CardHeader className="items-center">
        <span className="mb-2 flex size-14 items-center justify-center rounded-full bg-success/15 text-success">
          <CircleCheck className="size-8" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">Payment Successful</h1>
        <CardDescription>
          Thank you! Your payment was received. Your audits are ready on the dashboard as soon as the payment provider
          confirms it, usually within seconds.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex justify-center">
        <Button asChild size="lg">
          <Link href="/dashboard">
            <LayoutDashboard aria-hidden="true" />
            Continue
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
