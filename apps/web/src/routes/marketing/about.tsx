import { CONTACT_EMAIL, PRODUCT_NAME } from '@fundwire/shared';
import { Link } from 'react-router';
import { PUBLIC_PAGES } from '@/config/page-meta';
import { paths } from '@/config/paths';
import { ProsePage, ProseSection } from '@/features/marketing/components/prose-page';
import { usePageMeta } from '@/lib/use-document-title';

export function AboutRoute() {
  usePageMeta(PUBLIC_PAGES[paths.about]);
  return (
    <ProsePage
      title={`About ${PRODUCT_NAME}`}
      lead="We help sales and business-development teams reach startups the week they raise, while the budget is fresh and the plans are new."
    >
      <ProseSection title="Why we built it" id="about-why">
        <p>
          A startup that just closed a round is hiring, buying tools and looking for partners. Finding out who raised, and
          who to talk to there, used to mean hours of reading press releases and guessing email addresses. {PRODUCT_NAME}{' '}
          does that work once, for everyone who needs it.
        </p>
      </ProseSection>
      <ProseSection title="What you get" id="about-what">
        <p>
          Every funding round we find, with the company&apos;s industry, amount, round, location and a short description,
          and the decision-makers to contact: name, role, business email and LinkedIn. Subscribers get a weekly (or daily)
          alert, a searchable archive and CSV export.{' '}
          <Link to={paths.freeLeads} className="font-medium text-primary underline underline-offset-4 hover:text-primary-hover">
            See a free sample
          </Link>
          .
        </p>
      </ProseSection>
      <ProseSection title="How we work" id="about-how">
        <p>
          We take rounds from public announcements and open datasets, check each one against its source, and remove anyone
          who asks us to. We do not run ads or trackers on this site.
        </p>
      </ProseSection>
      <ProseSection title="Contact" id="about-contact">
        <p>
          Questions, corrections or partnership ideas:{' '}
          <a href={`mailto:${CONTACT_EMAIL.support}`} className="font-medium text-primary underline underline-offset-4 hover:text-primary-hover">
            {CONTACT_EMAIL.support}
          </a>
          .
        </p>
      </ProseSection>
    </ProsePage>
  );
}
