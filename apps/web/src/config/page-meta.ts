// Title and meta description of every public page, and which of them are prerendered to static HTML
// at build time (scripts/prerender.ts). The same strings are set on client-side navigation.
import { PRODUCT_NAME } from '@fundwire/shared';
import { documentTitle } from '@/lib/use-document-title';
import { paths } from '@/config/paths';

export interface PageMeta {
  /** The tab title, whole: "Pricing · Fundwire". */
  title: string;
  description: string;
}

export const PUBLIC_PAGES = {
  [paths.home]: {
    title: `${PRODUCT_NAME} · Funding-round leads for sales teams`,
    description:
      'Startups that just raised money, and the decision-makers to contact there. Weekly funding alerts, company profiles and contacts for sales and business-development teams.',
  },
  [paths.pricing]: {
    title: documentTitle('Pricing'),
    description: 'Fundwire plans: $79 a month or $790 a year, with a 7-day free trial. Funding alerts, company profiles, contacts and CSV export.',
  },
  [paths.freeLeads]: {
    title: documentTitle('Free Leads'),
    description: 'A free sample of startups that raised money recently: company, industry, round, amount and location.',
  },
  [paths.privacy]: {
    title: documentTitle('Privacy Policy'),
    description: 'What personal data Fundwire holds, why, for how long, who processes it, and how to reach us about privacy.',
  },
  [paths.terms]: {
    title: documentTitle('Terms of Service'),
    description: 'The terms for using Fundwire: accounts, subscriptions and trials, cancellation, acceptable use of lead data, and liability.',
  },
  [paths.cookies]: {
    title: documentTitle('Cookie Policy'),
    description: 'The cookies and browser storage Fundwire sets: only what sign-in and security need. No advertising or analytics cookies.',
  },
  [paths.about]: {
    title: documentTitle('About'),
    description: 'Fundwire tells sales teams which startups just raised money and who to contact there, the week it happens.',
  },
  [paths.careers]: {
    title: documentTitle('Careers'),
    description: 'Working at Fundwire: how we work, and how to get in touch when no role is open.',
  },
  [paths.blog]: {
    title: documentTitle('Blog'),
    description: 'Notes from Fundwire on funding rounds, outbound sales and the data behind our leads.',
  },
} as const satisfies Record<string, PageMeta>;

export type PublicPagePath = keyof typeof PUBLIC_PAGES;

/** Public pages in the order the sitemap lists them. Each is prerendered to dist/<path>/index.html. */
export const PRERENDERED_PATHS = Object.keys(PUBLIC_PAGES) as PublicPagePath[];
