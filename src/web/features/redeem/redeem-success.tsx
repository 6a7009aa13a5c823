import { CircleCheck, LayoutDashboard, Radar } from 'lucide-react';
import { Link } from 'wouter';
import type { RedeemCouponResponse } from '../../../shared/contracts/coupons';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';

export function RedeemSuccess({ result }: { result: RedeemCouponResponse }) {
  const auditId = result.auditId ?? null;
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <CircleCheck className="size-12 text-success" aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight">Coupon Redeemed Successfully!</h1>
        <CardDescription>
          Your audit is running in the background. You can follow its progress or come back later.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid gap-3 rounded-lg border bg-muted/40 p-4 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Redemption ID</dt>
            <dd className="font-mono break-all">{result.redemptionId ?? 'N/A'}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Audit ID</dt>
            <dd className="font-mono break-all">{auditId ?? 'Starting...'}</dd>
          </div>
        </dl>
        <div className="grid gap-3 sm:grid-cols-2">
          <Button asChild>
            <Link href={auditId === null ? '/audits' : `/audits/${encodeURIComponent(auditId)}`}>
              <Radar aria-hidden="true" />
              View Audit Progress
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/dashboard">
              <LayoutDashboard aria-hidden="true" />
              Go to Dashboard
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
