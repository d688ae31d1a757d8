import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { toast } from '@/components/ui/toaster';
import { authKeys, useMe, useSignOut } from '@/features/auth/api';
import { canViewLeads, isAdmin } from '@/features/auth/access';
import { AuthLoadingScreen } from '@/features/auth/components/auth-loading-screen';
import { useLiveSubscription } from '@/features/billing/hooks/use-live-subscription';
import { takeFlashToast } from '@/lib/flash-toast';
import { ViewerProvider } from '@/lib/viewer';
import type { RouteHandle } from '../router';
import { Footer } from './footer';
import { Header } from './header';

// Read once when the bundle loads: rendering stays pure, and a tab left open over New Year is harmless.
const CURRENT_YEAR = new Date().getFullYear();

/**
 * Header, main content and footer on every page. App screens wait for the session check behind a
 * full-page message; public pages (prerendered) show at once with the signed-out header, which
 * switches when the check says someone is signed in.
 */
export function RootLayout() {
  const me = useMe();
  const publicPage = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.publicPage);
  const signOut = useSignOut();
  // One live subscription stream for the signed-in user: guards and the profile follow it without a reload.
  useLiveSubscription({ userId: me.data?.user.id, queryKey: authKeys.me });

  // A toast parked before a hard redirect (sign-in, sign-up, an island's hand-over) shows on the page it led to.
  useEffect(() => {
    const flash = takeFlashToast();
    if (flash) toast[flash.kind](flash.message, { id: 'flash-toast' });
  }, []);

  if (me.isPending && !publicPage) return <AuthLoadingScreen />;

  // A failed check leaves the visitor signed out as far as the public pages go; guarded screens say so.
  const session = me.data ? { email: me.data.user.email, admin: isAdmin(me.data), leadsLocked: !canViewLeads(me.data) } : null;

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-4 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Header
        session={session}
        onSignOut={() => {
          if (!signOut.isPending) signOut.mutate();
        }}
      />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <ViewerProvider admin={isAdmin(me.data)}>
          <Outlet />
        </ViewerProvider>
      </main>
      <Footer year={CURRENT_YEAR} />
      <ScrollRestoration />
    </div>
  );
}
