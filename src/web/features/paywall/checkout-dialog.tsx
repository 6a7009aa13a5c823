import { Bitcoin, CalendarClock, CreditCard } from 'lucide-react';
import { useId, useState } from 'react';
import type { Server } from '../../../shared/contracts/servers';
import { formatUsd } from '../../../shared/plans';
import { useServers } from '../../api/servers/servers';
import { ServerSelect } from '../../components/server-select';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { toast } from '../../components/ui/use-toast';
import { CardCheckoutPanel, CryptoCheckoutPanel } from './checkout-panels';
import { MISSING_CHECKOUT_INFORMATION, checkoutRequest } from './checkout-request';
import { planDetails, type PaywallPlan } from './plan-cards';

interface CheckoutDialogProps {
  plan: PaywallPlan | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The page opens the monthly crypto subscription, another feature's dialog, for the chosen server. */
  onMonthlyCrypto: (server: Server) => void;
}

/** Server selector, then Credit Card or Cryptocurrency; nothing is sent without a plan and a server. */
export function CheckoutDialog({ plan, open, onOpenChange, onMonthlyCrypto }: CheckoutDialogProps) {
  const [serverId, setServerId] = useState('');
  const servers = useServers({ enabled: open });
  const serverSelectId = useId();
  const details = plan === null ? null : planDetails(plan);
  const request = checkoutRequest(plan, serverId);

  const requireRequest = () => {
    if (request === null) toast({ ...MISSING_CHECKOUT_INFORMATION, variant: 'destructive' });
    return request;
  };

  const startMonthlyCrypto = () => {
    const server = servers.data?.find((candidate) => candidate.id === serverId);
    if (server === undefined) {
      toast({ ...MISSING_CHECKOUT_INFORMATION, variant: 'destructive' });
      return;
    }
    onOpenChange(false);
    onMonthlyCrypto(server);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{details === null ? 'Checkout' : `Checkout: ${details.name}`}</DialogTitle>
          <DialogDescription>
            {details === null
              ? 'Choose a plan first.'
              : `${formatUsd(details.priceCents)} for one server, paid once. Choose the server it is for, then how to pay.`}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <Label htmlFor={serverSelectId}>Discord server</Label>
          <ServerSelect
            id={serverSelectId}
            servers={servers.data}
            isLoading={servers.isLoading}
            value={serverId}
            onValueChange={setServerId}
          />
          {servers.isError && (
            <p className="text-sm text-destructive">Could not load your servers. Close and try again.</p>
          )}
        </div>
        <Tabs defaultValue="card">
          <TabsList>
            <TabsTrigger value="card">
              <CreditCard aria-hidden="true" />
              Credit Card
            </TabsTrigger>
            <TabsTrigger value="crypto">
              <Bitcoin aria-hidden="true" />
              Cryptocurrency
            </TabsTrigger>
          </TabsList>
          <TabsContent value="card">
            <CardCheckoutPanel priceCents={details?.priceCents ?? null} requireRequest={requireRequest} />
          </TabsContent>
          <TabsContent value="crypto" className="grid gap-4">
            <CryptoCheckoutPanel requireRequest={requireRequest} />
            <div className="grid gap-2 border-t pt-4">
              <p className="text-sm text-muted-foreground">
                Or pay the $50 monthly monitoring subscription in SOL, ETH or USDC straight from your wallet.
              </p>
              <Button variant="secondary" className="justify-self-start" onClick={startMonthlyCrypto}>
                <CalendarClock aria-hidden="true" />
                Monthly crypto subscription
              </Button>
            </div>
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
