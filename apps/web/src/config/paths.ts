// Every URL in the web app, in one place (docs/style.md habit 7). Routes and links both read from here.

export const paths = {
  home: '/',
  pricing: '/pricing',
  freeLeads: '/free-leads',
  signIn: '/signin',
  /** The mailed one-time sign-in link (?token=...): asks for the password to finish. */
  signInLink: '/signin/link',
  signUp: '/signup',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  historical: '/historical',
  /** One company: its facts, all of its rounds and its contacts; see companyPath(). */
  company: '/companies/:id',
  /** The subscriber's saved searches, their alerts and webhook deliveries. */
  searches: '/searches',
  profile: '/profile',
  /** The subscriber's CRM connections (HubSpot, Pipedrive) that leads are sent to. */
  integrations: '/integrations',
  /** The built-in checkout that stands in for Stripe when no keys are set; see checkoutTestPath(). */
  checkoutTest: '/checkout/test/:id',
  checkoutSuccess: '/checkout/success',
  admin: '/admin',
  adminSubscribers: '/admin/subscribers',
  adminSources: '/admin/sources',
  privacy: '/privacy',
  terms: '/terms',
  cookies: '/cookies',
  about: '/about',
  careers: '/careers',
  blog: '/blog',
  /** Pages opened from links in mails; the signed token in ?token= stands in for a session. */
  newsletterConfirm: '/newsletter/confirm',
  unsubscribe: '/unsubscribe',
  emailPreferences: '/email-preferences',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The test-mode checkout page for one checkout session. */
export function checkoutTestPath(id: string): string {
  return paths.checkoutTest.replace(':id', encodeURIComponent(id));
}

/**
 * The plan a visitor chose before they had an account, carried as ?plan= through sign-up, sign-in and social sign-in
 * to /pricing?plan=, which starts that plan's checkout at once (decision 039).
 */
export const PLAN_PARAM = 'plan';
const PLAN_IDS = ['monthly', 'annual'] as const;
export type ChosenPlan = (typeof PLAN_IDS)[number];

/** The chosen plan in a query string, or null when there is none (or it names no plan). */
export function readChosenPlan(search: string | URLSearchParams): ChosenPlan | null {
  const value = (typeof search === 'string' ? new URLSearchParams(search) : search).get(PLAN_PARAM);
  return (PLAN_IDS as readonly string[]).includes(value ?? '') ? (value as ChosenPlan) : null;
}

function withPlan(path: string, plan: ChosenPlan | null | undefined): string {
  return plan ? `${path}?${PLAN_PARAM}=${plan}` : path;
}

/** Sign-up (or sign-in) keeping the chosen plan. */
export const signUpPath = (plan?: ChosenPlan | null) => withPlan(paths.signUp, plan);
export const signInPath = (plan?: ChosenPlan | null) => withPlan(paths.signIn, plan);
/** Where an account lands once it exists: the chosen plan's checkout, started by /pricing. */
export const planCheckoutPath = (plan: ChosenPlan) => withPlan(paths.pricing, plan);

/** The page of one company (a lead's companyId). */
export function companyPath(id: string): string {
  return paths.company.replace(':id', encodeURIComponent(id));
}

/** Section ids on the landing page that other pages link to (e.g. the footer's Features and FAQ). */
export const landingSections = {
  features: 'features',
  pricing: 'pricing',
  faq: 'faq',
} as const;

/** A link to a section of the landing page, such as "/#faq". */
export function landingSectionPath(section: keyof typeof landingSections): string {
  return `${paths.home}#${landingSections[section]}`;
}
