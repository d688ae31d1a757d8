// A legal document as a page: title, the date its text last changed, and its sections.
import { Fragment } from 'react';
import { PageContainer } from '@/components/ui/page';
import type { LegalBlock, LegalDocument } from '../documents';

/** An https address (not its closing punctuation) or an email address. */
const LINK = /(https:\/\/[^\s"]*[^\s".,;:)]|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)/;

/** "November 22, 2026" for "2026-11-22", the same on every machine and time zone. */
export function formatLegalDate(day: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** Text with each email address turned into a mailto link, and each https address into a link. */
function WithMailLinks({ text }: { text: string }) {
  return text.split(LINK).map((part, index) =>
    index % 2 === 1 ? (
      <a
        key={index}
        href={part.startsWith('https://') ? part : `mailto:${part}`}
        className="font-medium break-words text-primary underline underline-offset-4 hover:text-primary-hover"
      >
        {part}
      </a>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') {
    return (
      <p>
        <WithMailLinks text={block} />
      </p>
    );
  }
  return (
    <ul className="list-disc space-y-2 pl-5">
      {block.list.map((item) => (
        <li key={item}>
          <WithMailLinks text={item} />
        </li>
      ))}
    </ul>
  );
}

export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <PageContainer className="max-w-3xl">
      <article aria-labelledby="legal-title">
        <header className="mb-8 border-b border-border pb-6">
          <h1 id="legal-title" className="text-3xl font-semibold tracking-tight">
            {document.title}
          </h1>
          <p className="mt-2 text-sm text-muted-foreground" data-testid="legal-updated">
            Last updated: <time dateTime={document.updated}>{formatLegalDate(document.updated)}</time>
          </p>
          <p className="mt-4 leading-7 text-foreground">{document.intro}</p>
        </header>
        <div className="space-y-8">
          {document.sections.map((section) => (
            <section key={section.heading} aria-labelledby={headingId(section.heading)} className="space-y-3 leading-7 text-foreground/90">
              <h2 id={headingId(section.heading)} className="text-lg font-semibold text-foreground">
                {section.heading}
              </h2>
              {section.blocks.map((block, index) => (
                <Block key={index} block={block} />
              ))}
            </section>
          ))}
        </div>
      </article>
    </PageContainer>
  );
}

function headingId(heading: string): string {
  return `legal-${heading.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
}
