import { PUBLIC_PAGES } from '@/config/page-meta';
import { paths } from '@/config/paths';
import { ProsePage } from '@/features/marketing/components/prose-page';
import { formatLegalDate } from '@/features/legal/components/legal-page';
import { usePageMeta } from '@/lib/use-document-title';

interface Post {
  slug: string;
  title: string;
  date: string;
  paragraphs: string[];
}

const POSTS: Post[] = [
  {
    slug: 'the-week-after-the-round',
    title: 'The week after the round',
    date: '2026-11-16',
    paragraphs: [
      'A funding announcement is the one day a startup tells the world it has money to spend. In the weeks that follow it hires, replaces the tools it outgrew and signs the partners it put off. Outreach that lands in that window reads as timely; the same email three months later competes with everyone else who noticed.',
      'That is why every lead carries its funding date, and why the dashboard opens on the last seven days.',
    ],
  },
  {
    slug: 'how-we-check-a-round',
    title: 'How we check a funding round',
    date: '2026-11-02',
    paragraphs: [
      'Each round we publish is matched to a public source: the company\u2019s announcement, an investor\u2019s post or a filing. Amounts are recorded in dollars as announced; undisclosed amounts stay undisclosed rather than guessed.',
      'When a company or a person asks us to correct or remove something, we do it in the archive and in every later export.',
    ],
  },
];

export function BlogRoute() {
  usePageMeta(PUBLIC_PAGES[paths.blog]);
  return (
    <ProsePage title="Blog" lead="Notes on funding rounds, outbound sales and the data behind our leads.">
      {POSTS.map((post) => (
        <article key={post.slug} aria-labelledby={`post-${post.slug}`} className="space-y-3 border-b border-border pb-10 last:border-b-0">
          <p className="text-sm text-muted-foreground">
            <time dateTime={post.date}>{formatLegalDate(post.date)}</time>
          </p>
          <h2 id={`post-${post.slug}`} className="text-xl font-semibold text-foreground">
            {post.title}
          </h2>
          {post.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </article>
      ))}
    </ProsePage>
  );
}
