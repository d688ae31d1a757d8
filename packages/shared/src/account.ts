// Who is signed in (GET /api/me), how the server sells (GET /api/public-config) and the billing calls'
// shapes: one schema per shape, used by the server's route schemas, the web app and the e2e fixtures.
import { z } from 'zod';
import { PLAN_IDS } from './plans.js';

/** The subscription as the account sees it. Stripe's status: trialing, active, past_due, canceled, ... */
export const meSubscriptionSchema = z.object({
  status: z.string(),
  plan: z.enum(PLAN_IDS).nullable(),
  priceId: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  trialEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  willCancelAt: z.string().nullable(),
  discountPercent: z.number().nullable(),
  discountEndsAt: z.string().nullable(),
});
export type MeSubscription = z.infer<typeof meSubscriptionSchema>;

export const meResponseSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string(), role: z.enum(['user', 'admin']), emailVerified: z.boolean() }),
  /** The account has the admin address and gets the admin role once it follows its verification link. */
  adminVerificationPending: z.boolean(),
  subscription: meSubscriptionSchema.nullable(),
  hasActiveSubscription: z.boolean(),
});
export type Me = z.infer<typeof meResponseSchema>;

/** How checkout runs: 'stripe' with keys set, 'test' (the built-in checkout page) without. */
export const billingConfigSchema = z.object({
  mode: z.enum(['stripe', 'test']),
  plans: z.object({ monthly: z.object({ priceId: z.string() }), annual: z.object({ priceId: z.string() }) }),
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;

export const publicConfigSchema = z.object({
  socialProviders: z.object({ google: z.boolean(), github: z.boolean(), twitter: z.boolean() }),
  billing: billingConfigSchema,
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** POST /api/create-checkout-session: where to send the browser (Stripe Checkout, or the test checkout page). */
export const checkoutSessionResponseSchema = z.object({ id: z.string(), url: z.string() });
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponseSchema>;

/** The retention offer applied (the same call with the offer's discount): where to go next. */
export const redirectUrlResponseSchema = z.object({ url: z.string() });

export const testCheckoutParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** GET /api/checkout/test/:id: the built-in checkout page's content. */
export const testCheckoutResponseSchema = z.object({
  id: z.string(),
  status: z.string(),
  email: z.string(),
  plan: z.object({ id: z.enum(PLAN_IDS), name: z.string(), price: z.number(), period: z.enum(['month', 'year']) }),
  trialDays: z.number().int(),
});
export type TestCheckoutResponse = z.infer<typeof testCheckoutResponseSchema>;

/** Paying or leaving the test checkout: where the page goes next. */
export const testCheckoutResultSchema = z.object({ redirectUrl: z.string() });

export const subscriptionResponseSchema = z.object({ subscription: meSubscriptionSchema });

export const okResponseSchema = z.object({ ok: z.literal(true) });

/** What the Stripe webhook answers: Stripe only looks at the status, people reading logs at the reason. */
export const stripeWebhookResponseSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(['applied', 'duplicate', 'ignored']),
  ignored: z.string().optional(),
});



/** `POST /api/me/visits`: the dashboard records a visit and learns when the one before it was. */
export const visitResponseSchema = z.object({
  /** The previous visit (ISO); null on the first. Rounds added after it are new to this user. */
  previousVisitAt: z.string().nullable(),
  /** This visit, as recorded (ISO). */
  visitAt: z.string(),
});
export type VisitResponse = z.infer<typeof visitResponseSchema>;

/** RFC 5321's limit for a whole address: longer ones are refused before any lookup or rate-limit key. */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_TOO_LONG_MESSAGE = `Email must be at most ${EMAIL_MAX_LENGTH} characters`;

/**
 * `POST /api/auth/sign-in/email-link`: mail a one-time sign-in link to the account's address. With the right
 * password it signs in from a new address even while password attempts from new addresses are limited.
 */
export const signInLinkRequestSchema = z.object({
  email: z
    .string({ error: 'Please enter your email address' })
    .trim()
    .min(1, 'Please enter your email address')
    .max(EMAIL_MAX_LENGTH, EMAIL_TOO_LONG_MESSAGE)
    .pipe(z.email({ error: 'Please enter a valid email address' }))
    .transform((email) => email.toLowerCase()),
});
export type SignInLinkRequest = z.input<typeof signInLinkRequestSchema>;

export const SIGN_IN_LINK_SENT_MESSAGE = 'If an account uses this address, we sent it a sign-in link. It works once, for 15 minutes.';
export const signInLinkSentSchema = z.object({ message: z.string() });

/** `POST /api/auth/sign-in/email-link/verify`: the mailed token and the account's password. */
export const signInLinkVerifySchema = z.object({
  token: z.string({ error: 'The sign-in link is incomplete' }).min(1, 'The sign-in link is incomplete').max(200, 'The sign-in link is not valid'),
  password: z.string({ error: 'Please enter your password' }).min(1, 'Please enter your password').max(1000, 'Password is too long'),
});
export type SignInLinkVerify = z.infer<typeof signInLinkVerifySchema>;

export const SIGN_IN_LINK_INVALID_MESSAGE = 'This sign-in link is not valid or has expired. Ask for a new one from the sign-in page.';
export const SIGN_IN_LINK_WRONG_PASSWORD_MESSAGE = 'Invalid email or password';
export const signInLinkVerifiedSchema = z.object({ ok: z.literal(true) });
