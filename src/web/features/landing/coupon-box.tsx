import { Ticket } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { COUPON_CODE_EXAMPLE, COUPON_CODE_MAX_LENGTH } from '../../../shared/coupon-code-rules';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { redeemPathFor } from './coupon-path';

export function CouponBox() {
  const [code, setCode] = useState('');
  const [, navigate] = useLocation();
  const inputId = useId();
  const hintId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const path = redeemPathFor(code);
    if (path !== null) navigate(path);
  };

  return (
    <section aria-labelledby="coupon-title" className="mx-auto w-full max-w-6xl px-4 sm:px-6">
      <div className="flex flex-col gap-6 rounded-2xl border border-dashed border-primary/40 bg-primary/5 p-6 md:flex-row md:items-center md:justify-between">
        <div className="flex gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary">
            <Ticket className="size-5" aria-hidden="true" />
          </span>
          <div>
            <h2 id="coupon-title" className="text-lg font-semibold">
              Have a coupon?
            </h2>
            <p id={hintId} className="mt-1 text-sm text-muted-foreground">
              A coupon gives you a free audit on one server.
            </p>
          </div>
        </div>
        <form onSubmit={submit} className="flex w-full flex-col gap-2 sm:flex-row sm:items-end md:max-w-md">
          <div className="grid flex-1 gap-1.5">
            <Label htmlFor={inputId}>Coupon code</Label>
            <Input
              id={inputId}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              placeholder={COUPON_CODE_EXAMPLE}
              maxLength={COUPON_CODE_MAX_LENGTH}
              autoComplete="off"
              spellCheck={false}
              aria-describedby={hintId}
              className="uppercase placeholder:normal-case"
            />
          </div>
          <Button type="submit">Redeem</Button>
        </form>
      </div>
    </section>
  );
}
