// The text of the legal pages. `updated` is the day the text last changed (docs/product/DECISIONS.md: not today's
// date); documents.test.ts fails when the text changes and the date does not.
import { CONTACT_EMAIL, PLANS, PRODUCT_NAME, TRIAL_DAYS } from '@fundwire/shared';

/** A paragraph, or a bulleted list. Email addresses in the text become mailto links. */
export type LegalBlock = string | { list: string[] };

export interface LegalSection {
  heading: string;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  title: string;
  /** YYYY-MM-DD: the day this text last changed. */
  updated: string;
  intro: string;
  sections: LegalSection[];
}

const monthly = PLANS.monthly;
const annual = PLANS.annual;

export const PRIVACY_POLICY: LegalDocument = {
  title: 'Privacy Policy',
  updated: '2026-11-27',
  intro: `${PRODUCT_NAME} sells information about startups that recently raised money, and the business contacts there, to sales and business-development teams. This policy explains what personal data we hold about our customers, newsletter readers and the people listed in our leads, why, and what you can ask of us.`,
  sections: [
    {
      heading: 'Data we hold about customers',
      blocks: [
        {
          list: [
            'Account: your email address, a display name taken from it, and your password stored only as a salted hash. If you sign in with Google, GitHub or Twitter/X we receive your email address and name from that provider, never your password there.',
            'Sessions: a session record per signed-in browser, with the IP address and browser (user agent) it was created from, kept until you sign out or it expires after 30 days.',
            'Subscription: your plan, its status, trial and renewal dates, and the customer and subscription ids of our payment provider. Card details go straight to Stripe; we never see or store them.',
            'Cancellation feedback: the reason and any details you give when you cancel.',
            'Security records: counts of sign-in, sign-up and password-reset attempts per IP address and per account, used only to stop abuse and kept only as long as the limit they enforce.',
          ],
        },
      ],
    },
    {
      heading: 'Data we hold about newsletter readers',
      blocks: [
        'When you subscribe on our home page we keep your email address, when you subscribed and confirmed, and which mails you want (weekly leads, product updates, marketing). We send a confirmation mail first and mail you only after you confirm it. Every mail has an unsubscribe link that works at once.',
      ],
    },
    {
      heading: 'Data about people listed in our leads',
      blocks: [
        'Each lead names a company and a few of its decision-makers with their job title, business email address and public LinkedIn profile. We collect this from public sources: funding announcements, company websites and professional profiles. We process it on the basis of our and our customers\u2019 legitimate interest in business-to-business contact, show it only to paying subscribers, and remove a person on request, including from future exports.',
      ],
    },
    {
      heading: 'Where our funding data comes from',
      blocks: [
        {
          list: [
            'SEC Form D: the notices of exempt offerings that companies file with the US Securities and Exchange Commission, read from its public EDGAR system (https://www.sec.gov/edgar). Each lead taken from a filing links to it.',
            'Fundraising Fox Open Dataset (CC BY 4.0): startup funding rounds published by Fundraising Fox at https://github.com/fundraisingfox/data under the Creative Commons Attribution 4.0 licence (https://creativecommons.org/licenses/by/4.0/). Each lead taken from it is credited "Fundraising Fox Open Dataset (CC BY 4.0)" and links to its row.',
          ],
        },
        'When both report the same round, the lead lists both sources.',
      ],
    },
    {
      heading: 'How we use it',
      blocks: [
        {
          list: [
            'To run your account, sign you in, and give subscribers the leads they pay for.',
            'To send the mail you asked for: funding alerts, password resets, receipts and subscription notices.',
            'To keep the service secure and to answer your questions.',
          ],
        },
        'We do not sell customer or newsletter data, and we do not use advertising or analytics trackers.',
      ],
    },
    {
      heading: 'Who else processes it',
      blocks: [
        {
          list: [
            'Stripe, for payments, when you subscribe to a paid plan.',
            'Our mail provider, to deliver the mail listed above.',
            'Google, GitHub or Twitter/X, only if you choose to sign in with them.',
            'Our hosting provider, which runs our servers and database.',
          ],
        },
      ],
    },
    {
      heading: 'How long we keep it',
      blocks: [
        'Account and subscription data for as long as your account exists, and billing records for as long as tax law requires. Newsletter data until you unsubscribe. Server logs for 30 days.',
      ],
    },
    {
      heading: 'Your rights',
      blocks: [
        `You can ask for a copy of your data, for corrections, for deletion, or object to our use of it, by writing to ${CONTACT_EMAIL.privacy}. We answer within 30 days. You can also complain to your data-protection authority.`,
      ],
    },
    {
      heading: 'Contact',
      blocks: [`Privacy questions: ${CONTACT_EMAIL.privacy}. Legal matters: ${CONTACT_EMAIL.legal}.`],
    },
  ],
};

export const TERMS_OF_SERVICE: LegalDocument = {
  title: 'Terms of Service',
  updated: '2026-11-22',
  intro: `These terms apply when you use ${PRODUCT_NAME}: the website, the subscriber dashboard, the exports and the mail we send. By creating an account you agree to them.`,
  sections: [
    {
      heading: 'Your account',
      blocks: [
        'You need an account to subscribe. Keep your password to yourself and tell us at once if you think someone else has used your account. One account is for one person; sharing a login is not allowed.',
      ],
    },
    {
      heading: 'Plans, trial and payment',
      blocks: [
        `${monthly.name} costs $${monthly.price} a ${monthly.period} and ${annual.name} costs $${annual.price} a ${annual.period}, plus any tax that applies. A first subscription starts with a ${TRIAL_DAYS}-day free trial; if you do not cancel during the trial, the plan is charged when it ends and then at the start of each period. Payments are handled by Stripe.`,
      ],
    },
    {
      heading: 'Cancellation',
      blocks: [
        'You can cancel at any time from your profile. The subscription then ends at the end of the period you have paid for, and you keep access until then. You can reactivate before that date. We do not refund partial periods, except where the law requires it.',
      ],
    },
    {
      heading: 'Using the leads',
      blocks: [
        {
          list: [
            'Use leads for your own business-to-business sales and partnership outreach.',
            'Follow the anti-spam and data-protection laws that apply to you, and stop contacting anyone who asks you to.',
            'Do not resell, publish or share the leads or exports outside your company.',
            'Do not scrape the service or use it to build a competing database.',
          ],
        },
      ],
    },
    {
      heading: 'Accuracy',
      blocks: [
        'We check each funding round against its public announcement, but companies change and people move on. Leads are provided as they are, without a guarantee that every detail is current.',
      ],
    },
    {
      heading: 'Liability',
      blocks: [
        'To the extent the law allows, our total liability to you is limited to what you paid us in the twelve months before the claim, and we are not liable for lost profits or indirect losses.',
      ],
    },
    {
      heading: 'Changes and contact',
      blocks: [
        `We may update these terms; the date above shows the last change, and we tell subscribers by email before a change that affects them takes effect. Legal questions: ${CONTACT_EMAIL.legal}. Privacy questions: ${CONTACT_EMAIL.privacy}.`,
      ],
    },
  ],
};

export const COOKIE_POLICY: LegalDocument = {
  title: 'Cookie Policy',
  updated: '2026-11-22',
  intro: `${PRODUCT_NAME} sets only the cookies that signing in and security need. We use no advertising, analytics or tracking cookies, so there is nothing to opt out of.`,
  sections: [
    {
      heading: 'Cookies we set',
      blocks: [
        {
          list: [
            'better-auth.session_token: keeps you signed in. Set when you sign in, HttpOnly, valid for up to 30 days or until you sign out. On our secure site its name starts with __Secure-.',
            'better-auth.state: protects a sign-in with Google, GitHub or Twitter/X against forgery. Set when you start such a sign-in and removed when it completes, within minutes.',
          ],
        },
      ],
    },
    {
      heading: 'Other storage in your browser',
      blocks: [
        'After a sign-in or sign-up we keep a one-line confirmation message in your browser\u2019s session storage so the next page can show it; it is deleted as soon as it is shown, and when you close the tab.',
      ],
    },
    {
      heading: 'Third parties',
      blocks: [
        'Our pages load nothing from other sites. When you pay, you are sent to Stripe\u2019s checkout, which sets its own cookies for fraud prevention under Stripe\u2019s cookie policy.',
      ],
    },
    {
      heading: 'Contact',
      blocks: [`Questions about cookies or privacy: ${CONTACT_EMAIL.privacy}. Legal matters: ${CONTACT_EMAIL.legal}.`],
    },
  ],
};

export const LEGAL_DOCUMENTS = { privacy: PRIVACY_POLICY, terms: TERMS_OF_SERVICE, cookies: COOKIE_POLICY } as const;
