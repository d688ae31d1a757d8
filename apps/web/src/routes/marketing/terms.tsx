import { PUBLIC_PAGES } from '@/config/page-meta';
import { paths } from '@/config/paths';
import { LegalPage } from '@/features/legal/components/legal-page';
import { TERMS_OF_SERVICE } from '@/features/legal/documents';
import { usePageMeta } from '@/lib/use-document-title';

export function TermsRoute() {
  usePageMeta(PUBLIC_PAGES[paths.terms]);
  return <LegalPage document={TERMS_OF_SERVICE} />;
}
