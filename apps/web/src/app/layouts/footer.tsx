import { PRODUCT_NAME } from '@fundwire/shared';
import { Link } from 'react-router';
import { landingSectionPath, paths } from '@/config/paths';
import { BrandMark } from './brand';

interface FooterColumn {
  title: string;
  links: { label: string; to: string }[];
}

const COLUMNS: FooterColumn[] = [
  {
    title: 'Product',
    links: [
      { label: 'Features', to: landingSectionPath('features') },
      { label: 'Pricing', to: paths.pricing },
      { label: 'FAQ', to: landingSectionPath('faq') },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', to: paths.about },
      { label: 'Careers', to: paths.careers },
      { label: 'Blog', to: paths.blog },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy', to: paths.privacy },
      { label: 'Terms', to: paths.terms },
      { label: 'Cookies', to: paths.cookies },
    ],
  },
];

export function Footer({ year }: { year: number }) {
  return (
    <footer className="border-t border-border bg-subtle">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <div className="grid grid-cols-3 gap-8 md:grid-cols-4">
          <div className="col-span-3 md:col-span-1">
            <BrandMark />
            <p className="mt-3 max-w-xs text-sm text-muted-foreground">
              Startups that just raised money, and who to contact there. Delivered every week.
            </p>
          </div>
          {COLUMNS.map((column) => (
            <nav key={column.title} aria-label={column.title}>
              <h2 className="text-sm font-semibold text-foreground">{column.title}</h2>
              <ul className="mt-3 space-y-2">
                {column.links.map((link) => (
                  <li key={link.label}>
                    <Link
                      to={link.to}
                      className="rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        {/* The prerendered year is the build's; a page built last December keeps it rather than fail to hydrate. */}
        <p suppressHydrationWarning className="mt-10 border-t border-border pt-6 text-sm text-muted-foreground">
          © {year} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
