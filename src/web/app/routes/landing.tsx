import { CircleAlert, LayoutDashboard, LogIn, RotateCw, X } from 'lucide-react';
import { lazy, Suspense, use, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { CurrentUser } from '../../../shared/contracts/auth';
import { SIGN_IN_URL } from '../../api/auth/sign-in';
import { useEntitlements } from '../../api/entitlements/entitlements';
import { usePublicConfig } from '../../api/public-config/public-config';
import { Brand } from '../../components/brand';
import { CopyrightLine } from '../../components/copyright-line';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { AdminPanel } from '../../features/landing/admin-panel';
import { AuditSteps } from '../../features/landing/audit-steps';
import { CouponBox } from '../../features/landing/coupon-box';
import { LandingHeader } from '../../features/landing/landing-header';
import { LandingHero } from '../../features/landing/landing-hero';
import { useAuthErrorParam } from '../../features/landing/use-auth-error-param';
import { useSignInRedirect } from '../../features/landing/use-sign-in-redirect';
import { WhyRampart } from '../../features/landing/why-rampart';
import { PrepareNavigationContext } from '../prepare-navigation';
import type { PublicPageProps } from './page-props';

// The bypass form and its dependencies load only when someone opens Admin Login.
const BypassDialog = lazy(() =>
  import('../../features/bypass/bypass-dialog').then((module) => ({ default: module.BypassDialog })),
);

// The staff sign-in form is for QA only (when configured), so its code loads at its first opening.
const StaffSignInDialog = lazy(() => import('../../features/landing/staff-sign-in-dialog'));

/** A discreet footer link to the staff sign-in form, offered to visitors when test-account sign-in is on. */
function StaffSignIn() {
  const config = usePublicConfig();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  if (config.data?.testAccountSignIn !== true) return null;
  return (
    <>
      <Button
        variant="link"
        size="sm"
        className="h-auto p-0 text-muted-foreground"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        Staff sign-in
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <StaffSignInDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

interface AdminLoginDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: CurrentUser | null;
  /** The dialog has no trigger of its own; this puts focus back on the menu that opened it. */
  onCloseAutoFocus: (event: Event) => void;
}

/** Mounts the bypass dialog from its first opening on, so it stays mounted to animate its closing. */
function AdminLoginDialog(props: AdminLoginDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <BypassDialog {...props} />
    </Suspense>
  );
}

function AuthErrorAlert({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6">
      <Alert variant="destructive" role="alert">
        <CircleAlert aria-hidden="true" />
        <AlertTitle>Sign-in failed</AlertTitle>
        <AlertDescription>{message}</AlertDescription>
        <Button
          variant="ghost"
          size="icon"
          onClick={onDismiss}
          aria-label="Dismiss sign-in error"
          className="absolute top-1.5 right-1.5 size-8"
        >
          <X aria-hidden="true" />
        </Button>
      </Alert>
    </div>
  );
}

function EntitlementsErrorAlert({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6">
      <Alert variant="destructive" role="alert">
        <CircleAlert aria-hidden="true" />
        <AlertDescription className="text-foreground">We couldn't load your plan. Please try again.</AlertDescription>
        <div className="col-start-2 mt-2">
          <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying} aria-busy={retrying}>
            {retrying ? <Spinner className="size-4 text-current" /> : <RotateCw aria-hidden="true" />}
            Try again
          </Button>
        </div>
      </Alert>
    </div>
  );
}

function FinalCallToAction({ user }: { user: CurrentUser | null }) {
  return (
    <section aria-labelledby="cta-title" className="mx-auto w-full max-w-6xl px-4 sm:px-6">
      <div className="relative overflow-hidden rounded-2xl border bg-linear-to-br from-primary/20 via-card to-card p-8 text-center sm:p-12">
        <h2 id="cta-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Ready to lock down your server?
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-muted-foreground">
          Sign in, pick your server and get a full security checklist with step-by-step fixes.
        </p>
        <div className="mt-6 flex justify-center">
          {user === null ? (
            <Button asChild size="lg">
              <a href={SIGN_IN_URL}>
                <LogIn aria-hidden="true" />
                Sign in and start your audit
              </a>
            </Button>
          ) : (
            <Button asChild size="lg">
              <Link href="/dashboard">
                <LayoutDashboard aria-hidden="true" />
                Continue to your dashboard
              </Link>
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}

/** The landing page: at / for everyone, and at any address that needs a signed-in user for a visitor. */
export default function LandingPage({ user }: PublicPageProps) {
  const [adminLoginOpen, setAdminLoginOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const [authError, clearAuthError] = useAuthErrorParam();
  const entitlements = useEntitlements(user);
  const redirect = useSignInRedirect(user, entitlements, use(PrepareNavigationContext));

  const isAdmin = user?.isAdmin === true;

  return (
    <div className="flex min-h-dvh flex-col">
      <LandingHeader
        showAdminLogin={!isAdmin}
        onAdminLogin={() => setAdminLoginOpen(true)}
        menuButtonRef={menuButtonRef}
      />
      <main id="main-content" className="flex-1">
        {authError !== null && <AuthErrorAlert message={authError} onDismiss={clearAuthError} />}
        {redirect.loadFailed && <EntitlementsErrorAlert retrying={redirect.retrying} onRetry={redirect.retry} />}
        <LandingHero />
        <div className="grid grid-cols-1 gap-16 pb-20 md:gap-20">
          {isAdmin && <AdminPanel />}
          <AuditSteps user={user} />
          <WhyRampart />
          <CouponBox />
          <FinalCallToAction user={user} />
        </div>
      </main>
      <footer className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <Brand />
          <p>By signing in, you agree to our Terms of Service and Privacy Policy.</p>
          {user === null && <StaffSignIn />}
          <CopyrightLine />
        </div>
      </footer>
      {!isAdmin && (
        <AdminLoginDialog
          open={adminLoginOpen}
          onOpenChange={setAdminLoginOpen}
          user={user}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            menuButtonRef.current?.focus();
          }}
        />
      )}
    </div>
  );
}
