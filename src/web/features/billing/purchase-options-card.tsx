import { ShoppingCart } from 'lucide-react';
import { Link } from 'wouter';
import { PRICE_LIST_CENTS } from '../../../shared/commerce-rules';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { formatUsd } from './billing-display';

interface PurchaseOption {
  name: string;
  priceCents: number;
  summary: string;
}

/** The two plans the paywall sells; buying happens there, with the server chosen in its checkout. */
const OPTIONS: readonly PurchaseOption[] = [
  {
    name: 'DIY',
    priceCents: PRICE_LIST_CENTS.DIY,
    summary: 'Run the 20-point audit yourself and fix what it finds with step-by-step guides.',
  },
  {
    name: 'Full Service',
    priceCents: PRICE_LIST_CENTS.FULL_SERVICE,
    summary: 'Our engineers fix the issues, audit again and certify your server.',
  },
];

export function PurchaseOptionsCard() {
  return (
    <Card role="region" aria-labelledby="billing-purchase-title" className="min-w-0">
      <CardHeader>
        <CardTitle id="billing-purchase-title" className="flex items-center gap-2">
          <ShoppingCart className="size-5 text-primary" aria-hidden="true" />
          Purchase Options
        </CardTitle>
        <CardDescription>Buy an audit plan for one of your servers, by card or cryptocurrency.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Audit plans">
          {OPTIONS.map((option) => {
            const price = formatUsd(option.priceCents);
            return (
              <li key={option.name} className="flex flex-col gap-2 rounded-lg border p-4">
                <h3 className="flex items-baseline justify-between gap-2 font-semibold">
                  {option.name}
                  <span className="text-xl font-bold tabular-nums">{price}</span>
                </h3>
                <p className="flex-1 text-sm text-muted-foreground">{option.summary}</p>
                <Button asChild>
                  <Link href="/paywall" aria-label={`Buy ${option.name} (${price})`}>
                    Buy {option.name}
                  </Link>
                </Button>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
