import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { useCurrentUser } from '../api/auth/current-user';
import { FullPageLoader } from '../components/full-page-loader';
import { lazyPage } from '../lib/lazy-page';
import { PrepareNavigationContext } from './prepare-navigation';
import { askServersEarly, startSignedInLoads } from './signed-in-prefetch';
import { isPublicPath, LandingPage, preloadPage, PUBLIC_ROUTES } from './routes/route-table';

// Loaded once someone is signed in: visitors never download the shell, its pages or the socket client. The
// shell waits for the page's code too, so it appears with its page rather than with a loading line first. The
// page's code (and its data prefetch) is asked first, since its data waits for it.
const SignedInRoutes = lazyPage(async () => {
  const [, module] = await Promise.all([preloadPage(window.location.pathname), import('./signed-in-routes')]);
  return module;
});
// The live connection's code follows the shell's, so it does not compete with what the first view needs.
const LiveUpdates = lazy(() => SignedInRoutes.preload().then(() => import('./live-updates')));

async function prepareNavigation(path: string): Promise<void> {
  await Promise.all([preloadPage(path), SignedInRoutes.preload()]);
}

/**
 * At an address only a signed-in user sees, the shell, the page and the server list are most likely wanted,
 * so they load while the current user is asked for (after that request, which goes first); a visitor there
 * downloads the code in vain and gets a 401 for the list.
 */
function startEarlyLoads(): void {
  const path = window.location.pathname;
  if (isPublicPath(path)) return;
  askServersEarly();
  void prepareNavigation(path).catch(() => undefined);
}

/**
 * Public pages answer everyone; any other address shows the landing page to a visitor and the
 * signed-in routes to a user.
 */
export function AppRoutes() {
  const me = useCurrentUser();
  useEffect(startEarlyLoads, []);
  const queryClient = useQueryClient();
  const signedIn = me.data ?? null;
  useEffect(() => {
    // Query results keep their identity while unchanged, so a refetch of the same user starts nothing again.
    if (signedIn !== null) startSignedInLoads(queryClient, signedIn, prepareNavigation);
  }, [signedIn, queryClient]);
  if (me.isPending) return <FullPageLoader label="Checking your session..." />;
  // A failed current-user call is not retried; the visitor sees the public pages and can sign in again.
  const user = me.data ?? null;

  return (
    <PrepareNavigationContext value={prepareNavigation}>
      {user !== null && (
        // The live connection exists only while someone is signed in, on every page.
        <Suspense fallback={null}>
          <LiveUpdates user={user} />
        </Suspense>
      )}
      <Suspense fallback={<FullPageLoader label="Loading the page..." />}>
        <Switch>
          {PUBLIC_ROUTES.map((route) => (
            <Route key={route.path} path={route.path}>
              <route.page user={user} />
            </Route>
          ))}
          <Route>{user === null ? <LandingPage user={null} /> : <SignedInRoutes user={user} />}</Route>
        </Switch>
      </Suspense>
    </PrepareNavigationContext>
  );
}
