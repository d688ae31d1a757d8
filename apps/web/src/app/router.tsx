// Every screen in SPEC.md's route table, grouped under the guard that gates it (route-guards.tsx).
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ProfileRoute } from '@/routes/account/profile';
import { AdminLeadsRoute } from '@/routes/admin/leads';
import { AdminSubscribersRoute } from '@/routes/admin/subscribers';
import { ResetPasswordRoute } from '@/routes/auth/reset-password';
import { SignInRoute } from '@/routes/auth/sign-in';
import { SignUpRoute } from '@/routes/auth/sign-up';
import { CheckoutSuccessRoute } from '@/routes/billing/checkout-success';
import { CheckoutTestRoute } from '@/routes/billing/checkout-test';
import { DashboardRoute } from '@/routes/leads/dashboard';
import { HistoricalRoute } from '@/routes/leads/historical';
import { AboutRoute } from '@/routes/marketing/about';
import { BlogRoute } from '@/routes/marketing/blog';
import { CareersRoute } from '@/routes/marketing/careers';
import { CookiesRoute } from '@/routes/marketing/cookies';
import { FreeLeadsRoute } from '@/routes/marketing/free-leads';
import { LandingRoute } from '@/routes/marketing/landing';
import { PricingRoute } from '@/routes/marketing/pricing';
import { PrivacyRoute } from '@/routes/marketing/privacy';
import { TermsRoute } from '@/routes/marketing/terms';
import { EmailPreferencesRoute } from '@/routes/mail/email-preferences';
import { NewsletterConfirmRoute } from '@/routes/mail/newsletter-confirm';
import { UnsubscribeRoute } from '@/routes/mail/unsubscribe';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './layouts/route-error';
import { paths } from './paths';
import { GuestOnly, RequireAdmin, RequireSubscription, RequireUser } from './route-guards';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // Errors thrown by a screen render inside the layout, keeping the header and footer.
        errorElement: <RouteError />,
        children: [
          { path: paths.home, element: <LandingRoute /> },
          { path: paths.pricing, element: <PricingRoute /> },
          { path: paths.freeLeads, element: <FreeLeadsRoute /> },
          // Public: the API checks that the checkout session belongs to whoever opens it.
          { path: paths.checkoutTest, element: <CheckoutTestRoute /> },
          {
            element: <GuestOnly />,
            children: [
              { path: paths.signIn, element: <SignInRoute /> },
              { path: paths.signUp, element: <SignUpRoute /> },
            ],
          },
          {
            // The mailed reset link (?token=...) opens even for someone who is signed in.
            element: <GuestOnly allowWithParam="token" />,
            children: [{ path: paths.resetPassword, element: <ResetPasswordRoute /> }],
          },
          {
            element: <RequireSubscription />,
            children: [
              { path: paths.dashboard, element: <DashboardRoute /> },
              { path: paths.historical, element: <HistoricalRoute /> },
            ],
          },
          {
            element: <RequireUser />,
            children: [
              { path: paths.profile, element: <ProfileRoute /> },
              { path: paths.checkoutSuccess, element: <CheckoutSuccessRoute /> },
            ],
          },
          {
            element: <RequireAdmin />,
            children: [
              { path: paths.admin, element: <AdminLeadsRoute /> },
              { path: paths.adminSubscribers, element: <AdminSubscribersRoute /> },
            ],
          },
          { path: paths.privacy, element: <PrivacyRoute /> },
          { path: paths.terms, element: <TermsRoute /> },
          { path: paths.cookies, element: <CookiesRoute /> },
          { path: paths.about, element: <AboutRoute /> },
          { path: paths.careers, element: <CareersRoute /> },
          { path: paths.blog, element: <BlogRoute /> },
          // Opened from mails; the signed token is the credential, signed in or not.
          { path: paths.newsletterConfirm, element: <NewsletterConfirmRoute /> },
          { path: paths.unsubscribe, element: <UnsubscribeRoute /> },
          { path: paths.emailPreferences, element: <EmailPreferencesRoute /> },
          // Any other path goes home (SPEC.md route table).
          { path: '*', element: <Navigate to={paths.home} replace /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
