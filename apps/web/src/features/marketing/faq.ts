// The landing page's six questions (docs/product/SPEC.md "Landing page"). The cost answer reads the plans, so it
// quotes the real prices (docs/product/DECISIONS.md: the spec's "$99" was a mistake).
import { formatPlanPrice, PLANS, RECENT_DAYS, TRIAL_DAYS } from '@fundwire/shared';

export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

export const FAQ_ITEMS: FaqItem[] = [
  {
    id: 'freshness',
    question: 'How fresh are the leads?',
    answer: `New rounds are added as they are announced, usually within a day or two. Your dashboard opens on the last ${RECENT_DAYS} days, and the alert email arrives every Monday at 9:00 AM, or every morning if you choose the daily digest.`,
  },
  {
    id: 'contents',
    question: 'What does each lead include?',
    answer:
      'The company name and website, industry, funding round, amount raised, date and location, a short description, and the key decision-makers with their role, business email and LinkedIn profile.',
  },
  {
    id: 'cost',
    question: 'How much does it cost?',
    answer: `${PLANS.monthly.name} is ${formatPlanPrice(PLANS.monthly)}. ${PLANS.annual.name} is ${formatPlanPrice(PLANS.annual)}, which saves 16%: two months free. Both include every feature and start with a ${TRIAL_DAYS}-day free trial.`,
  },
  {
    id: 'cancellation',
    question: 'Can I cancel at any time?',
    answer:
      'Yes. Cancel from your profile in two clicks. You keep access until the end of the period you paid for, and you can reactivate before then.',
  },
  {
    id: 'verification',
    question: 'Are the leads verified manually?',
    answer:
      'Yes. Each round is checked against its public announcement before it is published, and contacts are reviewed by a person. If something is wrong, tell us and we fix it for everyone.',
  },
  {
    id: 'sourcing',
    question: 'Where do the leads come from?',
    answer:
      'From public sources: company and investor announcements, press coverage, regulatory filings and open funding datasets. Contact details come from company websites and public professional profiles.',
  },
];
