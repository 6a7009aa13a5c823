import { Brand } from '../../components/brand';
import { ComingSoon } from '../../components/coming-soon';
import { ThemeToggle } from '../../components/theme-toggle';
import { SignOutButton } from '../shell/sign-out-button';

/** /paywall: outside the shell; checkout is not built yet, so it points to coupons. */
export default function PaywallPage() {
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
