import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import type { CurrentUser } from '../../shared/contracts/auth';
import { ComingSoon } from '../components/coming-soon';
import { LoadingStatus } from '../components/loading-status';
import NotFoundPage from './routes/not-found';
import type { UserPageProps } from './routes/page-props';
import { mayOpen, SIGNED_IN_ROUTES, type SignedInRoute } from './routes/route-table';
import { AppShell } from './shell/app-shell';

function SignedInPage({ route, user, params }: UserPageProps & { route: SignedInRoute }) {
  if (!mayOpen(route, user.isAdmin)) return <NotFoundPage />;
  if ('comingSoon' in route) return <ComingSoon title={route.title} description={route.comingSoon} />;
  return <route.page user={user} params={params} />;
}

function routesOf(layout: SignedInRoute['layout'], user: CurrentUser) {
  return SIGNED_IN_ROUTES.filter((route) => route.layout === layout).map((route) => (
    <Route key={route.path} path={route.path}>
      {(params) => <SignedInPage route={route} user={user} params={params} />}
    </Route>
  ));
}

/** Pages with their own header first; every other address sits in the shell, unknown ones as "not found". */
export default function SignedInRoutes({ user }: { user: CurrentUser }) {
  return (
    <Switch>
      {routesOf('bare', user)}
      <Route>
        <AppShell user={user}>
          <Suspense fallback={<LoadingStatus label="Loading the page..." className="justify-center py-16" />}>
            <Switch>
              {routesOf('shell', user)}
              <Route>
                <NotFoundPage />
              </Route>
            </Switch>
          </Suspense>
        </AppShell>
      </Route>
    </Switch>
  );
}
