import { Route, Switch } from 'wouter';
import type { CurrentUser } from '../../shared/contracts/auth';
import { Brand } from '../components/brand';
import { ComingSoon } from '../components/coming-soon';
import { FullPageLoader } from '../components/full-page-loader';
import { ThemeToggle } from '../components/theme-toggle';
import { toast } from '../components/ui/use-toast';
import { AboutPage } from '../features/about/about-page';
import { AuditsPage } from '../features/audits/audits-page';
import { AuditResultsPage } from '../features/audits/results/audit-results-page';
import { BypassDialog } from '../features/bypass/bypass-dialog';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { LandingPage } from '../features/landing/landing-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { RedeemPage } from '../features/redeem/redeem-page';
import { useCurrentUser } from '../lib/auth';
import { useRealtimeConnection } from '../lib/realtime';
import { SHELL_PLACEHOLDERS } from './placeholder-routes';
import { AppShell } from './shell/app-shell';
import { SignOutButton } from './shell/sign-out-button';

function PaywallPlaceholder() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-16 items-center justify-between gap-2 border-b px-4 sm:px-6">
        <Brand />
        <div className="flex items-center gap-1">
          <ThemeToggle />
          <SignOutButton />
        </div>
      </header>
      <main id="main-content" className="flex-1 px-4 py-12">
        <ComingSoon
          title="Choose Your Audit Plan"
          description="Checkout by card or crypto is on its way. Until then you can unlock an audit with a coupon."
          backTo={{ href: '/redeem', label: 'Redeem a coupon' }}
        />
      </main>
    </div>
  );
}

function ShellRoutes({ user }: { user: CurrentUser }) {
  return (
    <Switch>
      <Route path="/dashboard">
        <DashboardPage user={user} />
      </Route>
      <Route path="/audits">
        <AuditsPage user={user} />
      </Route>
      <Route path="/audits/:id">
        {(params) => <AuditResultsPage key={params.id} user={user} auditId={params.id} />}
      </Route>
      {SHELL_PLACEHOLDERS.map(({ path, title, description }) => (
        <Route key={path} path={path}>
          <ComingSoon title={title} description={description} />
        </Route>
      ))}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}

function SignedInRoutes({ user }: { user: CurrentUser }) {
  return (
    <Switch>
      <Route path="/">
        <LandingPage user={user} AdminLoginDialog={BypassDialog} />
      </Route>
      <Route path="/paywall">
        <PaywallPlaceholder />
      </Route>
      <Route>
        <AppShell user={user}>
          <ShellRoutes user={user} />
        </AppShell>
      </Route>
    </Switch>
  );
}

/** Spec part 1 §8: the server reported a problem on the live connection. */
function showConnectionError(): void {
  toast({
    title: 'Connection Error',
    description: 'Real-time updates may be delayed. Please refresh if issues persist.',
    variant: 'destructive',
  });
}

/**
 * Spec part 1 §2: /about-our-audit and /redeem are public; any other address shows the landing
 * page to a visitor and the signed-in routes to a user.
 */
export function AppRoutes() {
  const me = useCurrentUser();
  // Spec part 1 §4: the live connection exists only while someone is signed in, on every page.
  useRealtimeConnection(me.data?.id ?? null, showConnectionError);
  if (me.isPending) return <FullPageLoader label="Checking your session..." />;
  // A failed /api/auth/me is not retried; the visitor sees the public pages and can sign in again.
  const user = me.data ?? null;

  return (
    <Switch>
      <Route path="/about-our-audit">
        <AboutPage />
      </Route>
      <Route path="/redeem">
        <RedeemPage user={user} />
      </Route>
      <Route>
        {user === null ? <LandingPage user={null} AdminLoginDialog={BypassDialog} /> : <SignedInRoutes user={user} />}
      </Route>
    </Switch>
  );
}
