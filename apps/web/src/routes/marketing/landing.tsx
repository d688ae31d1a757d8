// / (docs/product/SPEC.md "Landing page"): hero with the newsletter signup and badges, what a subscriber gets,
// three testimonials, the plans (#pricing) and the FAQ (#faq). Prerendered; on a full page load only
// the signup form is hydrated (src/islands/landing.ts), so keep the rest free of client state.
import { INCLUDED_FEATURES, TRIAL_DAYS } from '@fundwire/shared';
import { ArrowRight, BellRing, Building2, CalendarClock, Contact, FileSpreadsheet, Quote, Search, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PUBLIC_PAGES } from '@/config/page-meta';
import { landingSections, paths } from '@/config/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PlanCards } from '@/features/billing/components/plan-cards';
import { FaqAccordion } from '@/features/marketing/components/faq-accordion';
import { FAQ_ITEMS } from '@/features/marketing/faq';
import { TESTIMONIALS } from '@/features/marketing/testimonials';
import { SubscribeForm } from '@/features/newsletter/components/subscribe-form';
import { SUBSCRIBE_FORM_ISLAND } from '@/features/newsletter/island';
import { usePageMeta } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';

const FEATURES = [
  { icon: BellRing, title: INCLUDED_FEATURES[0], text: 'Save a search and hear about each new matching round as it comes in, by email, Slack or webhook.' },
  { icon: Building2, title: INCLUDED_FEATURES[1], text: 'Industry, round, amount, date, location and what the company does.' },
  { icon: Contact, title: INCLUDED_FEATURES[2], text: 'The decision-makers to talk to, with role, business email and LinkedIn.' },
  { icon: Search, title: 'Searchable archive', text: 'Every round we have found, filtered by industry, date and amount.' },
  { icon: FileSpreadsheet, title: 'CSV export', text: 'The whole filtered list, one row per contact, ready for your CRM.' },
  { icon: CalendarClock, title: INCLUDED_FEATURES[3], text: 'Every new round in your inbox each week, or each morning if you prefer. Try it all free first.' },
];

export function LandingRoute() {
  usePageMeta(PUBLIC_PAGES[paths.home]);
  return (
    <>
      <section aria-labelledby="hero-heading" className="bg-gradient-to-b from-primary-soft/70 to-background">
        <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center sm:px-6 sm:py-24">
          <ul aria-label="Highlights" className="flex flex-wrap justify-center gap-2">
            <li>
              {/* No subscriber count: a prerendered page cannot know this install's real number, and social proof must be
                  true (docs/product/DECISIONS.md, decision 039). */}
              <Badge variant="soft" className="px-3 py-1">
                <Users aria-hidden="true" />
                {TRIAL_DAYS}-day free trial
              </Badge>
            </li>
            <li>
              <Badge variant="soft" className="px-3 py-1">
                <CalendarClock aria-hidden="true" />
                Weekly Updates
              </Badge>
            </li>
          </ul>
          <h1 id="hero-heading" className="mt-6 text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
            Startups that just raised money, and who to contact there
          </h1>
          <p className="mt-4 max-w-xl text-lg text-muted-foreground">
            Funding-round leads for sales and business-development teams. Reach founders while the budget is fresh.
          </p>
          <div data-island={SUBSCRIBE_FORM_ISLAND} className="mt-8 w-full max-w-lg">
            <SubscribeForm />
          </div>
          <p className="mt-3 text-sm text-muted-foreground">Free weekly newsletter. Unsubscribe any time.</p>
          <div className="mt-8 flex w-full flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={paths.signUp}>
                Start your free trial
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={paths.freeLeads}>See free leads</Link>
            </Button>
          </div>
        </div>
      </section>

      <section id={landingSections.features} aria-labelledby="features-heading" className="mx-auto max-w-6xl scroll-mt-16 px-4 py-16 sm:px-6 sm:py-20">
        <SectionIntro id="features-heading" title="Everything you need to reach them first">
          One feed of funding rounds, with the people behind them.
        </SectionIntro>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-lg border border-border bg-background p-6">
              <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-md bg-primary-soft text-primary">
                <Icon className="size-5" />
              </span>
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mt-1 text-sm leading-6 text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="testimonials-heading" className="border-y border-border bg-subtle">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
          <SectionIntro id="testimonials-heading" title="Sales teams that reach founders first" />
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {TESTIMONIALS.map((testimonial) => (
              <li key={testimonial.name} data-testid="testimonial" className="flex">
                <figure className="flex w-full flex-col rounded-lg border border-border bg-background p-6">
                  <Quote aria-hidden="true" className="size-6 text-primary" />
                  <blockquote className="mt-4 flex-1 leading-7">“{testimonial.quote}”</blockquote>
                  <figcaption className="mt-6 text-sm">
                    <span className="block font-semibold">{testimonial.name}</span>
                    <span className="text-muted-foreground">{testimonial.role}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id={landingSections.pricing} aria-labelledby="pricing-heading" className="mx-auto max-w-6xl scroll-mt-16 px-4 py-16 sm:px-6 sm:py-20">
        <SectionIntro id="pricing-heading" title="Simple pricing" className="mb-12">
          One product, two ways to pay. Every plan starts with a {TRIAL_DAYS}-day free trial.
        </SectionIntro>
        <PlanCards />
        <p className="mt-8 text-center text-sm">
          <Link to={paths.pricing} className="font-medium text-primary underline-offset-4 hover:underline">
            Compare plans and what every plan includes
          </Link>
        </p>
      </section>

      <section id={landingSections.faq} aria-labelledby="faq-heading" className="scroll-mt-16 bg-subtle">
        <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-20">
          <SectionIntro id="faq-heading" title="Frequently asked questions" />
          <div className="mt-10">
            <FaqAccordion items={FAQ_ITEMS} />
          </div>
        </div>
      </section>
    </>
  );
}

/** A section's centred heading (its id names the section) and the line under it. */
function SectionIntro({ id, title, children, className }: { id: string; title: string; children?: ReactNode; className?: string }) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      <h2 id={id} className="text-3xl font-semibold tracking-tight">
        {title}
      </h2>
      {children && <p className="mt-3 text-muted-foreground">{children}</p>}
    </div>
  );
}
