import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { type CreatedCoupon, useCreateCoupon } from '../../api/coupons/admin-coupons';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { Switch } from '../../components/ui/switch';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/use-toast';
import { COUPON_FORM_DEFAULTS, CouponFormSchema, type CouponFormValues, toCreateCouponRequest } from './coupon-form';
import { FieldError } from '../../components/field-error';

/** Staff create a coupon; `onCreated` receives the answer, the only one that carries the full code. */
export function CreateCouponForm({ onCreated }: { onCreated: (created: CreatedCoupon) => void }) {
  const id = useId();
  const form = useForm<CouponFormValues>({
    resolver: zodResolver(CouponFormSchema),
    defaultValues: COUPON_FORM_DEFAULTS,
  });
  const { errors } = form.formState;
  const singleServerOnly = form.watch('singleServerOnly');
  const create = useCreateCoupon({
    onSuccess: (created) => {
      form.reset(COUPON_FORM_DEFAULTS);
      toast({ title: 'Coupon Created', description: 'Copy the code now: it is shown only once.', variant: 'success' });
      onCreated(created);
    },
    // The spec's text: the HTTP status followed by the server's body.
    onError: (error) => toast({ title: 'Creation Failed', description: error.message, variant: 'destructive' }),
  });

  return (
    <form
      noValidate
      aria-label="Create a coupon"
      className="grid gap-4"
      onSubmit={(event) => void form.handleSubmit((values) => create.mutate(toCreateCouponRequest(values)))(event)}
    >
      <div className="grid items-start gap-4 md:grid-cols-3">
        <div className="grid gap-1.5 md:col-span-3">
          <Label htmlFor={`${id}-description`}>Description (optional)</Label>
          <Input
            id={`${id}-description`}
            {...form.register('description')}
            aria-invalid={errors.description !== undefined}
            aria-describedby={`${id}-description-error`}
          />
          <FieldError id={`${id}-description-error`} message={errors.description?.message} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-max-uses`}>Max uses</Label>
          <Input
            id={`${id}-max-uses`}
            type="number"
            min={1}
            step={1}
            {...form.register('maxUses', { valueAsNumber: true })}
            aria-invalid={errors.maxUses !== undefined}
            aria-describedby={`${id}-max-uses-error`}
          />
          <FieldError id={`${id}-max-uses-error`} message={errors.maxUses?.message} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-expires`}>Expires (optional)</Label>
          <Input
            id={`${id}-expires`}
            type="datetime-local"
            {...form.register('expiresAt')}
            aria-invalid={errors.expiresAt !== undefined}
            aria-describedby={`${id}-expires-error`}
          />
          <FieldError id={`${id}-expires-error`} message={errors.expiresAt?.message} />
        </div>
        <div className="flex h-9 items-center gap-3 md:mt-6.5">
          <Controller
            control={form.control}
            name="singleServerOnly"
            render={({ field }) => (
              <Switch
                id={`${id}-single`}
                checked={field.value}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
          <Label htmlFor={`${id}-single`}>Single server only</Label>
        </div>
        {singleServerOnly && (
          <div className="grid gap-1.5 md:col-span-3">
            <Label htmlFor={`${id}-server`}>Allowed server (optional)</Label>
            <Input
              id={`${id}-server`}
              {...form.register('serverIdAllowed')}
              placeholder="Our server id or the Discord server id"
              aria-invalid={errors.serverIdAllowed !== undefined}
              aria-describedby={`${id}-server-hint ${id}-server-error`}
              className="font-mono"
            />
            <p id={`${id}-server-hint`} className="text-xs text-muted-foreground">
              Left empty, the coupon stays on the server it is first redeemed on.
            </p>
            <FieldError id={`${id}-server-error`} message={errors.serverIdAllowed?.message} />
          </div>
        )}
        <div className="grid gap-1.5 md:col-span-3">
          <Label htmlFor={`${id}-metadata`}>Metadata (JSON object)</Label>
          <Textarea
            id={`${id}-metadata`}
            rows={3}
            spellCheck={false}
            {...form.register('metadata')}
            aria-invalid={errors.metadata !== undefined}
            aria-describedby={`${id}-metadata-error`}
            className="font-mono"
          />
          <FieldError id={`${id}-metadata-error`} message={errors.metadata?.message} />
        </div>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Spinner className="size-4 text-current" /> : <Plus aria-hidden="true" />}
          {create.isPending ? 'Creating...' : 'Create Coupon'}
        </Button>
      </div>
    </form>
  );
}
