import { PUBLIC_PAGES } from '@/config/page-meta';
import { paths } from '@/config/paths';
import { LegalPage } from '@/features/legal/components/legal-page';
import { PRIVACY_POLICY } from '@/features/legal/documents';
import { usePageMeta } from '@/lib/use-document-title';

export function PrivacyRoute() {
  usePageMeta(PUBLIC_PAGES[paths.privacy]);
  return <LegalPage document={PRIVACY_POLICY} />;
}
