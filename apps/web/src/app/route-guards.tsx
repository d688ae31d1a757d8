// Layout routes that mirror docs/product/SPEC.md's gating: who may open which screen. The server enforces the
// same rules on every API call; these only keep people off screens whose data they cannot have.
import { matchPath, Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { canViewLeads, isAdmin } from '@/features/auth/access';
import { useMe } from '@/features/auth/api';
import type { LockedScreenState } from '@/features/billing/components/locked-notice';
import { paths } from '@/config/paths';
import { AdminNav } from './layouts/admin-nav';

type MeQuery = ReturnType<typeof useMe>;

/** The spinner or error a guard shows until it knows who is signed in; null once it does. */
function pendingOrFailed(me: MeQuery, label: string) {
  if (me.isPending) return <PageSpinner label={label} />;
  // A failed background refresh keeps the last answer; only a first check that failed blocks the screen.
  if (me.isError && me.data === undefined) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
        <ErrorState
          title="We could not check your sign-in status"
          message={me.error.message}
          onRetry={() => void me.refetch()}
          retrying={me.isFetching}
        />
      </div>
    );
  }
  return null;
}

/**
 * /signin, /signup and /reset-password: a signed-in user goes to /dashboard. `allowWithParam` lets a
 * password-reset link (?token=...) through even then.
 */
export function GuestOnly({ allowWithParam }: { allowWithParam?: string }) {
  const me = useMe();
  const [searchParams] = useSearchParams();
  if (allowWithParam && searchParams.has(allowWithParam)) return <Outlet />;
  if (me.isPending) return <PageSpinner label="Checking your session…" />;
  // If the check failed, the visitor can still use these screens: signing in is how to fix it.
  if (me.data) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}

/** /profile: any signed-in user. */
export function RequireUser() {
  const me = useMe();
  const waiting = pendingOrFailed(me, 'Checking your session…');
  if (waiting) return waiting;
  if (!me.data) return <Navigate to={paths.signIn} replace />;
  return <Outlet />;
}

/** The subscriber screens' names, as the locked screen says them. */
function lockedScreenName(pathname: string): string {
  if (matchPath(paths.historical, pathname)) return 'Historical Leads';
  if (matchPath(paths.company, pathname)) return 'This company page';
  return 'Recent Leads';
}

/**
 * /dashboard, /historical and company pages: signed in with an active subscription (or the admin). Anyone else
 * signed in goes to /pricing, told which screen is locked so the page can say why (issue 33).
 */
export function RequireSubscription() {
  const me = useMe();
  const { pathname } = useLocation();
  const waiting = pendingOrFailed(me, 'Checking your subscription…');
  if (waiting) return waiting;
  if (!me.data) return <Navigate to={paths.signIn} replace />;
  if (!canViewLeads(me.data)) return <Navigate to={paths.pricing} replace state={{ lockedScreen: lockedScreenName(pathname) } satisfies LockedScreenState} />;
  return <Outlet />;
}

/** /admin, /admin/subscribers and /admin/sources: the admin only; everyone else goes to /dashboard (or /signin). */
export function RequireAdmin() {
  const me = useMe();
  const waiting = pendingOrFailed(me, 'Checking your access…');
  if (waiting) return waiting;
  if (!me.data) return <Navigate to={paths.signIn} replace />;
  if (!isAdmin(me.data)) return <Navigate to={paths.dashboard} replace />;
  return (
    <>
      <AdminNav />
      <Outlet />
    </>
  );
}
