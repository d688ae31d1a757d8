import { PUBLIC_PAGES } from '@/app/page-meta';
import { paths } from '@/app/paths';
import { LegalPage } from '@/features/legal/components/legal-page';
import { TERMS_OF_SERVICE } from '@/features/legal/documents';
import { usePageMeta } from '@/lib/use-document-title';

export function TermsRoute() {
  usePageMeta(PUBLIC_PAGES[paths.terms]);
  return <LegalPage document={TERMS_OF_SERVICE} />;
}
