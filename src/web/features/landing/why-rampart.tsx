import { Award, Bot, CreditCard, Snowflake } from 'lucide-react';

const POINTS = [
  {
    icon: Bot,
    title: 'Roles, bots and permissions, audited',
    text: 'Twenty checks cover your role hierarchy, dangerous permissions, bot access, webhooks, verification, moderation and backup readiness.',
  },
  {
    icon: Snowflake,
    title: 'Cold Super User mandate',
    text: 'Your owner account stays offline and out of daily use, so one stolen session cannot take the whole server with it.',
  },
  {
    icon: Award,
    title: 'Audit-certified badge',
    text: 'Servers that score 90 or more with no critical issues earn a certificate with a public verification page.',
  },
  {
    icon: CreditCard,
    title: 'Pay with card or crypto',
    text: 'Check out by card, or pay in crypto if that is how your community runs.',
  },
] as const;

export function WhyRampart() {
  return (
    <section aria-labelledby="why-title" className="mx-auto w-full max-w-6xl px-4 sm:px-6">
      <h2 id="why-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Why Rampart?
      </h2>
      <p className="mt-2 max-w-2xl text-muted-foreground">
        Most server takeovers start with one over-privileged role, bot or account. The audit finds them before an
        attacker does.
      </p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {POINTS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4 rounded-xl border bg-card p-5">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h3 className="font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
