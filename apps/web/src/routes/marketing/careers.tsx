import { CONTACT_EMAIL, PRODUCT_NAME } from '@fundwire/shared';
import { PUBLIC_PAGES } from '@/config/page-meta';
import { paths } from '@/config/paths';
import { ProsePage, ProseSection } from '@/features/marketing/components/prose-page';
import { usePageMeta } from '@/lib/use-document-title';

export function CareersRoute() {
  usePageMeta(PUBLIC_PAGES[paths.careers]);
  return (
    <ProsePage title="Careers" lead={`${PRODUCT_NAME} is a small, remote team. We hire rarely and carefully, for people who like data that is right.`}>
      <ProseSection title="Open positions" id="careers-open">
        <p data-testid="careers-open-positions">
          There are no open positions right now. We post every role on this page first.
        </p>
      </ProseSection>
      <ProseSection title="How we work" id="careers-how">
        <ul className="list-disc space-y-2 pl-5">
          <li>Remote-first, with a few hours of overlap across time zones and few meetings.</li>
          <li>Small changes shipped often, with tests, and a written record of why things are the way they are.</li>
          <li>Customers&apos; questions answered by the people who build the product.</li>
        </ul>
      </ProseSection>
      <ProseSection title="Get in touch" id="careers-contact">
        <p>
          If you would like to hear when a role opens, write to{' '}
          <a href={`mailto:${CONTACT_EMAIL.support}`} className="font-medium text-primary underline underline-offset-4 hover:text-primary-hover">
            {CONTACT_EMAIL.support}
          </a>{' '}
          with a few lines about yourself.
        </p>
      </ProseSection>
    </ProsePage>
  );
}
