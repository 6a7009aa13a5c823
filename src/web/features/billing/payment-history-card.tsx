import { FileDown, Receipt } from 'lucide-react';
import type { PaymentDisplayStatus } from '../../../shared/commerce-rules';
import { receiptUrl, usePayments } from '../../api/payments/billing-queries';
import { LoadError } from '../../components/load-error';
import { LoadingStatus } from '../../components/loading-status';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { formatDate } from '../../lib/format-date';
import { cn } from '../../lib/utils';
import { PAYMENT_STATUS_LABELS, paymentRow, type PaymentRow } from './billing-display';

const STATUS_STYLES: Record<PaymentDisplayStatus, string> = {
  completed: 'border-success/30 bg-success/15 text-success',
  pending: 'border-warning/40 bg-warning/15 text-warning',
  failed: 'border-destructive/40 bg-destructive/15 text-destructive',
};

const COLUMNS = ['Date', 'Server', 'What', 'Provider', 'Amount (USD)', 'Status', 'Receipt'] as const;

function PaymentTableRow({ row }: { row: PaymentRow }) {
  const date = formatDate(row.createdAt);
  return (
    <tr className="border-b last:border-b-0">
      <td className="py-3 pr-4 whitespace-nowrap">
        <time dateTime={row.createdAt}>{date}</time>
      </td>
      <td className="max-w-48 truncate py-3 pr-4">{row.server}</td>
      <td className="py-3 pr-4 whitespace-nowrap">{row.what}</td>
      <td className="py-3 pr-4 whitespace-nowrap">{row.provider}</td>
      <td className="py-3 pr-4 whitespace-nowrap tabular-nums">
        {row.amount}
        {row.cryptoAmount !== null && <span className="block text-xs text-muted-foreground">{row.cryptoAmount}</span>}
      </td>
      <td className="py-3 pr-4">
        <Badge variant="outline" className={cn(STATUS_STYLES[row.status])}>
          {PAYMENT_STATUS_LABELS[row.status]}
        </Badge>
      </td>
      <td className="py-3">
        {row.hasReceipt ? (
          <a
            href={receiptUrl(row.id)}
            // The receipt answers as an attachment: the browser saves it rather than opening a page.
            download
            className="inline-flex items-center gap-1 rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            <FileDown className="size-4" aria-hidden="true" />
            Receipt
            <span className="sr-only">
              {' '}
              for {row.what}, {date} (PDF download)
            </span>
          </a>
        ) : (
          <span className="text-muted-foreground">
            <span aria-hidden="true">—</span>
            <span className="sr-only">None</span>
          </span>
        )}
      </td>
    </tr>
  );
}

/** Every payment of the user, newest first, with a PDF receipt for each completed one. */
export function PaymentHistoryCard() {
  const payments = usePayments();
  return (
    // min-w-0: in the page's grid the table's width would otherwise widen the page rather than scroll.
    <Card role="region" aria-labelledby="billing-history-title" className="min-w-0">
      <CardHeader>
        <CardTitle id="billing-history-title" className="flex items-center gap-2">
          <Receipt className="size-5 text-primary" aria-hidden="true" />
          Payment History
        </CardTitle>
        <CardDescription>
          Card and crypto payments, newest first. Coupons and bypass codes are not listed.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {payments.isPending ? (
          <LoadingStatus label="Loading your payment history..." className="py-0" />
        ) : payments.isError ? (
          <LoadError title="Your payment history could not be loaded." onRetry={() => void payments.refetch()} />
        ) : payments.data.length === 0 ? (
          <div className="rounded-lg border border-dashed p-6 text-center">
            <h3 className="font-medium">No Payment History</h3>
            <p className="mt-1 text-sm text-muted-foreground">Payments you make will appear here with a receipt.</p>
          </div>
        ) : (
          <div
            className="overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-ring"
            role="region"
            aria-label="Payment history table"
            // The table scrolls sideways on small screens; a row without a receipt link offers keyboards no
            // other way to scroll it (WCAG 2.1.1, axe's scrollable-region-focusable).
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Your payments, newest first</caption>
              <thead>
                <tr className="border-b text-xs text-muted-foreground">
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className="py-2 pr-4 font-medium whitespace-nowrap">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {payments.data.map((payment) => (
                  <PaymentTableRow key={payment.id} row={paymentRow(payment)} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
