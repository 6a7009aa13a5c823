import { CircleCheck, CircleX, ShieldCheck } from 'lucide-react';
import { Badge } from '../../components/ui/badge';

const SAMPLE_CHECKS = [
  { name: 'Cold Super User', passed: true },
  { name: 'Role Hierarchy', passed: true },
  { name: 'Bot Permissions', passed: false },
  { name: 'Two-Factor Authentication', passed: true },
  { name: 'Webhook Security', passed: false },
] as const;

function SampleReport() {
  return (
    <figure className="relative w-full max-w-sm rounded-2xl border bg-card/80 p-5 shadow-2xl shadow-glow backdrop-blur">
      <figcaption className="flex items-center justify-between gap-3">
        <span className="text-sm font-semibold">Sample audit report</span>
        <Badge variant="outline" className="text-muted-foreground">
          Example
        </Badge>
      </figcaption>
      <div className="mt-4 flex items-end gap-3">
        <span className="text-4xl font-bold tracking-tight">72</span>
        <span className="pb-1 text-sm text-muted-foreground">/ 100 risk score</span>
      </div>
      <div className="mt-3 h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
        <div className="h-full w-[72%] rounded-full bg-linear-to-r from-warning to-success" />
      </div>
      <ul className="mt-5 grid gap-2.5 text-sm">
        {SAMPLE_CHECKS.map((check) => (
          <li key={check.name} className="flex items-center justify-between gap-3 rounded-lg bg-muted/50 px-3 py-2">
            <span>{check.name}</span>
            {check.passed ? (
              <span className="flex items-center gap-1 text-xs font-medium text-success">
                <CircleCheck className="size-4" aria-hidden="true" /> Pass
              </span>
            ) : (
              <span className="flex items-center gap-1 text-xs font-medium text-destructive">
                <CircleX className="size-4" aria-hidden="true" /> Fail
              </span>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-4 text-xs text-muted-foreground">5 of 20 checks shown</p>
    </figure>
  );
}

export function LandingHero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 mx-auto h-96 max-w-3xl rounded-full bg-primary/20 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[1.1fr_0.9fr]">
        <div>
          <Badge variant="outline" className="mb-5 gap-1.5 border-primary/40 bg-primary/10 px-3 py-1 text-primary">
            <ShieldCheck aria-hidden="true" />
            20-point Discord security audit
          </Badge>
          <h1 id="hero-title" className="text-4xl leading-tight font-extrabold tracking-tight text-balance sm:text-5xl">
            Fortify your community server before someone else tests it.
          </h1>
          <p className="mt-5 max-w-xl text-lg text-muted-foreground text-pretty">
            Rampart audits your Discord server&apos;s roles, bots and permissions, shows you exactly what to fix, and
            certifies servers that pass. Compromised admin accounts and over-privileged bots are how communities get
            wiped &mdash; close those doors first.
          </p>
        </div>
        <div className="flex justify-center lg:justify-end">
          <SampleReport />
        </div>
      </div>
    </section>
  );
}
