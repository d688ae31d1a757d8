import { PUBLIC_PAGES } from '@/config/page-meta';
import { paths } from '@/config/paths';
import { LegalPage } from '@/features/legal/components/legal-page';
import { COOKIE_POLICY } from '@/features/legal/documents';
import { usePageMeta } from '@/lib/use-document-title';

export function CookiesRoute() {
  usePageMeta(PUBLIC_PAGES[paths.cookies]);
  return <LegalPage document={COOKIE_POLICY} />;
}
