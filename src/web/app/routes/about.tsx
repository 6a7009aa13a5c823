import {
  ArrowRight,
  Bot,
  Eye,
  HardDriveDownload,
  House,
  KeyRound,
  Shield,
  ShieldAlert,
  Users,
  Webhook,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Brand } from '../../components/brand';
import { CopyrightLine } from '../../components/copyright-line';
import { ThemeToggle } from '../../components/theme-toggle';
import { Button } from '../../components/ui/button';

const CHECK_AREAS = [
  {
    icon: KeyRound,
    title: 'Ownership and Cold Super User',
    text: 'Who owns the server, and whether that account is kept offline and protected.',
  },
  {
    icon: Users,
    title: 'Role hierarchy and dangerous permissions',
    text: 'Roles that can ban, manage roles or administer the server, and who holds them.',
  },
  {
    icon: Bot,
    title: 'Bots and integrations',
    text: 'Bot permissions, inactive integrations and applications nobody remembers adding.',
  },
  {
    icon: Eye,
    title: '@everyone and channel safety',
    text: 'What every member, and every new account, can do in each channel.',
  },
  {
    icon: Shield,
    title: 'Verification, 2FA and moderation',
    text: 'Verification level, two-factor requirement for moderators and moderation policies.',
  },
  {
    icon: Webhook,
    title: 'Webhooks, AutoMod and content filters',
    text: 'Webhooks that could post as anyone, and the filters that catch spam and scams.',
  },
  {
    icon: HardDriveDownload,
    title: 'Logging, recovery and backups',
    text: 'Whether you could see what happened, and rebuild, after an incident.',
  },
] as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-4">
      <h2 id={id} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function AboutPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b border-border/60 bg-background/80 backdrop-blur-md">
        <div className="mx-auto flex h-16 max-w-4xl items-center justify-between gap-4 px-4 sm:px-6">
          <Brand tagline />
          <nav aria-label="Site" className="flex items-center gap-1">
            <ThemeToggle />
            <Button asChild variant="outline">
              <Link href="/">
                <House aria-hidden="true" />
                Home
              </Link>
            </Button>
          </nav>
        </div>
      </header>
      <main id="main-content" className="mx-auto grid w-full max-w-4xl flex-1 gap-14 px-4 py-12 sm:px-6 md:py-16">
        <div>
          <p className="text-sm font-semibold tracking-wider text-primary uppercase">About our audit</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            A security review built for how Discord servers actually get taken over.
          </h1>
          <p className="mt-5 text-lg text-muted-foreground text-pretty">
            Rampart reads your server&apos;s configuration, runs 20 pass/fail checks against a published hardening
            baseline, and gives you a risk score out of 100 with a fix for every failure.
          </p>
        </div>

        <Section id="why-audit" title="Why audit your server?">
          <p className="text-muted-foreground">
            Communities grow faster than their permissions are reviewed. Roles get copied, bots get invited with
            Administrator &ldquo;just to make it work&rdquo;, and moderators keep access long after they step back. Each
            is a door an attacker needs only once. An audit gives you a complete, current picture instead of a guess.
          </p>
        </Section>

        <Section id="what-we-check" title="What is checked">
          <ul className="grid gap-3 sm:grid-cols-2">
            {CHECK_AREAS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3 rounded-xl border bg-card p-4 sm:odd:last:col-span-2">
                <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                <div>
                  <h3 className="font-semibold">{title}</h3>
                  <p className="mt-1 text-sm text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="why-it-matters" title="Why it matters">
          <div className="flex gap-4 rounded-xl border border-warning/40 bg-warning/10 p-5">
            <ShieldAlert className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
            <p className="text-sm text-pretty">
              A single stolen session token or over-privileged bot can delete every channel, ban every member and post
              scams to your whole community in minutes. Most of these incidents need no clever exploit &mdash; only a
              permission that should never have been granted. Finding it first is far cheaper than rebuilding.
            </p>
          </div>
        </Section>

        <Section id="about-the-builder" title="About the builder">
          <p className="text-muted-foreground">
            Rampart is built by people who run and defend online communities. Every check names the role, channel,
            webhook or bot concerned, explains why it matters, and says how to fix it &mdash; and a check that cannot
            read what it needs says so instead of guessing. Full Service customers get the fixes done for them, a
            re-audit, and a certificate they can show their members.
          </p>
        </Section>

        <div className="flex flex-col items-start gap-4 rounded-2xl border bg-linear-to-br from-primary/20 via-card to-card p-8 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-xl font-bold">Ready when you are</h2>
            <p className="mt-1 text-muted-foreground">Sign in with Discord and run your first audit.</p>
          </div>
          <Button asChild size="lg">
            <Link href="/">
              Get Started
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </main>
      <footer className="border-t">
        <CopyrightLine className="mx-auto max-w-4xl px-4 py-6 text-sm text-muted-foreground sm:px-6" />
      </footer>
    </div>
  );
}
