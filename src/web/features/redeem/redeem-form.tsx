import { zodResolver } from '@hookform/resolvers/zod';
import { Info, Ticket } from 'lucide-react';
import { useId, type ChangeEvent, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'wouter';
import {
  COUPON_CODE_EXAMPLE,
  COUPON_CODE_MAX_LENGTH,
  RedeemCouponForm,
  type RedeemCouponFormInput,
  type RedeemCouponFormOutput,
} from '../../../shared/coupon-code';
import { ServerSelect } from '../../components/server-select';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { useServers } from '../../api/servers/servers';
import { FieldError } from '../../components/field-error';

interface RedeemFormProps {
  initialCode: string;
  isPending: boolean;
  onSubmit: (values: RedeemCouponFormOutput) => void;
  /** The page supplies the bot invite for the chosen server, so this feature does not import the audits one. */
  inviteBot: (guildDiscordId: string) => ReactNode;
}

/** Upper-cases as the user types without throwing the caret to the end of the field. */
function upperCaseInPlace(event: ChangeEvent<HTMLInputElement>): void {
  const input = event.target;
  const { selectionStart, selectionEnd } = input;
  input.value = input.value.toUpperCase();
  input.setSelectionRange(selectionStart, selectionEnd);
}

export function RedeemForm({ initialCode, isPending, onSubmit, inviteBot }: RedeemFormProps) {
  const servers = useServers({ enabled: true });
  const ids = { code: useId(), codeHint: useId(), codeError: useId(), server: useId(), serverError: useId() };
  const form = useForm<RedeemCouponFormInput, unknown, RedeemCouponFormOutput>({
    resolver: zodResolver(RedeemCouponForm),
    defaultValues: { couponCode: initialCode, serverId: '' },
  });
  const { errors } = form.formState;
  const couponField = form.register('couponCode');
  const chosenServerId = form.watch('serverId');
  const chosenServer = servers.data?.find((server) => server.id === chosenServerId);

  return (
    <Card>
      <CardHeader>
        <span className="mb-2 flex size-11 items-center justify-center rounded-xl bg-primary/15 text-primary">
          <Ticket className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">Redeem Coupon Code</h1>
        <CardDescription>A coupon unlocks a free security audit for one of your servers.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} className="grid gap-5">
          <div className="grid gap-1.5">
            <Label htmlFor={ids.code}>Coupon code</Label>
            <Input
              id={ids.code}
              {...couponField}
              onChange={(event) => {
                upperCaseInPlace(event);
                void couponField.onChange(event);
              }}
              placeholder={COUPON_CODE_EXAMPLE}
              maxLength={COUPON_CODE_MAX_LENGTH}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={errors.couponCode !== undefined}
              aria-describedby={`${ids.codeHint} ${ids.codeError}`}
              className="font-mono uppercase"
            />
            <p id={ids.codeHint} className="text-xs text-muted-foreground">
              Codes are not case-sensitive and may contain letters, numbers and dashes.
            </p>
            <FieldError id={ids.codeError} message={errors.couponCode?.message} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.server}>Server</Label>
            <Controller
              control={form.control}
              name="serverId"
              render={({ field }) => (
                <ServerSelect
                  id={ids.server}
                  servers={servers.data}
                  isLoading={servers.isLoading}
                  value={field.value}
                  onValueChange={field.onChange}
                  invalid={errors.serverId !== undefined}
                />
              )}
            />
            <FieldError id={ids.serverError} message={errors.serverId?.message} />
          </div>
          {chosenServer !== undefined && (
            <Alert>
              <Info aria-hidden="true" />
              <AlertDescription>
                Make sure the Rampart bot is invited to this server with Administrator permission, or the audit cannot
                read its configuration.
              </AlertDescription>
              <div className="col-start-2 mt-2">{inviteBot(chosenServer.discordId)}</div>
            </Alert>
          )}
          <Button type="submit" size="lg" disabled={isPending}>
            {isPending && <Spinner className="size-4 text-current" />}
            {isPending ? 'Redeeming Coupon...' : 'Redeem & Run Audit'}
          </Button>
        </form>
      </CardContent>
      <CardFooter className="flex-col gap-2 border-t pt-6 text-sm sm:flex-row sm:justify-between">
        <Link href="/about-our-audit" className="text-primary underline-offset-4 hover:underline">
          Learn more about our audits
        </Link>
        <Link href="/paywall" className="text-primary underline-offset-4 hover:underline">
          Purchase an audit plan
        </Link>
      </CardFooter>
    </Card>
  );
}
