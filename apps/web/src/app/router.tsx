// Every screen in docs/product/SPEC.md's route table, grouped under the guard that gates it (route-guards.tsx).
// Each screen but home is its own chunk (`lazy`); the prerendered /, /pricing and /free-leads load src/islands/ entries.
// Routes with `handle.publicPage` are prerendered at build time and render before the session check.
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { LandingRoute } from '@/routes/marketing/landing';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './layouts/route-error';
import { paths } from '@/config/paths';
import { GuestOnly, RequireAdmin, RequireSubscription, RequireUser } from './route-guards';

/** Route handle of the public, prerendered pages: they show at once, with the signed-out header until the session is known. */
export interface RouteHandle {
  publicPage?: boolean;
}

const publicPage: RouteHandle = { publicPage: true };

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // Errors thrown by a screen render inside the layout, keeping the header and footer.
        errorElement: <RouteError />,
        children: [
          // Home is in the main chunk, not lazy: sign-out and every redirect home land there at once, before
          // a refreshed session check could send a guarded screen's visitor to /signin on the way.
          { path: paths.home, handle: publicPage, Component: LandingRoute },
          {
            path: paths.pricing,
            handle: publicPage,
            lazy: () => import('@/routes/marketing/pricing').then((m) => ({ Component: m.PricingRoute })),
          },
          {
            path: paths.freeLeads,
            handle: publicPage,
            lazy: () => import('@/routes/marketing/free-leads').then((m) => ({ Component: m.FreeLeadsRoute })),
          },
          // Public: the API checks that the checkout session belongs to whoever opens it.
          {
            path: paths.checkoutTest,
            lazy: () => import('@/routes/billing/checkout-test').then((m) => ({ Component: m.CheckoutTestRoute })),
          },
          {
            element: <GuestOnly />,
            children: [
              { path: paths.signIn, lazy: () => import('@/routes/auth/sign-in').then((m) => ({ Component: m.SignInRoute })) },
              { path: paths.signUp, lazy: () => import('@/routes/auth/sign-up').then((m) => ({ Component: m.SignUpRoute })) },
            ],
          },
          {
            // The mailed reset link (?token=...) opens even for someone who is signed in.
            element: <GuestOnly allowWithParam="token" />,
            children: [
              {
                path: paths.resetPassword,
                lazy: () => import('@/routes/auth/reset-password').then((m) => ({ Component: m.ResetPasswordRoute })),
              },
              {
                path: paths.signInLink,
                lazy: () => import('@/routes/auth/sign-in-link').then((m) => ({ Component: m.SignInLinkRoute })),
              },
            ],
          },
          {
            element: <RequireSubscription />,
            children: [
              { path: paths.dashboard, lazy: () => import('@/routes/leads/dashboard').then((m) => ({ Component: m.DashboardRoute })) },
              { path: paths.historical, lazy: () => import('@/routes/leads/historical').then((m) => ({ Component: m.HistoricalRoute })) },
              { path: paths.company, lazy: () => import('@/routes/leads/company').then((m) => ({ Component: m.CompanyRoute })) },
            ],
          },
          {
            element: <RequireUser />,
            children: [
              { path: paths.profile, lazy: () => import('@/routes/account/profile').then((m) => ({ Component: m.ProfileRoute })) },
              // Any signed-in user: without a subscription the screen says the searches are paused, and why.
              { path: paths.searches, lazy: () => import('@/routes/leads/searches').then((m) => ({ Component: m.SearchesRoute })) },
              // Any signed-in user: without a subscription the screen says CRM sending needs one, and how to get it.
              {
                path: paths.integrations,
                lazy: () => import('@/routes/account/integrations').then((m) => ({ Component: m.IntegrationsRoute })),
              },
              {
                path: paths.checkoutSuccess,
                lazy: () => import('@/routes/billing/checkout-success').then((m) => ({ Component: m.CheckoutSuccessRoute })),
              },
            ],
          },
          {
            element: <RequireAdmin />,
            children: [
              { path: paths.admin, lazy: () => import('@/routes/admin/leads').then((m) => ({ Component: m.AdminLeadsRoute })) },
              {
                path: paths.adminSubscribers,
                lazy: () => import('@/routes/admin/subscribers').then((m) => ({ Component: m.AdminSubscribersRoute })),
              },
              {
                path: paths.adminSources,
                lazy: () => import('@/routes/admin/sources').then((m) => ({ Component: m.AdminSourcesRoute })),
              },
            ],
          },
          {
            path: paths.privacy,
            handle: publicPage,
            lazy: () => import('@/routes/marketing/privacy').then((m) => ({ Component: m.PrivacyRoute })),
          },
          {
            path: paths.terms,
            handle: publicPage,
            lazy: () => import('@/routes/marketing/terms').then((m) => ({ Component: m.TermsRoute })),
          },
          {
            path: paths.cookies,
            handle: publicPage,
            lazy: () => import('@/routes/marketing/cookies').then((m) => ({ Component: m.CookiesRoute })),
          },
          {
            path: paths.about,
            handle: publicPage,
            lazy: () => import('@/routes/marketing/about').then((m) => ({ Component: m.AboutRoute })),
          },
          {
            path: paths.careers,
            handle: publicPage,
            lazy: () => import('@/routes/marketing/careers').then((m) => ({ Component: m.CareersRoute })),
          },
          {
            path: paths.blog,
            handle: publicPage,
            lazy: () => import('@/routes/marketing/blog').then((m) => ({ Component: m.BlogRoute })),
          },
          // Opened from mails; the signed token is the credential, signed in or not.
          {
            path: paths.newsletterConfirm,
            lazy: () => import('@/routes/mail/newsletter-confirm').then((m) => ({ Component: m.NewsletterConfirmRoute })),
          },
          { path: paths.unsubscribe, lazy: () => import('@/routes/mail/unsubscribe').then((m) => ({ Component: m.UnsubscribeRoute })) },
          {
            path: paths.emailPreferences,
            lazy: () => import('@/routes/mail/email-preferences').then((m) => ({ Component: m.EmailPreferencesRoute })),
          },
          // Any other path goes home (docs/product/SPEC.md route table).
          { path: '*', element: <Navigate to={paths.home} replace /> },
        ],
      },
    ],
  },
];

/**
 * Loads the lazy screens `pathname` needs before the router starts, so the first render already shows
 * them: hydrating prerendered HTML must not pass through an empty frame.
 */
export async function loadRouteModules(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
