// A tidy stand-in for a screen whose real content arrives in a later issue.
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { PageContainer, PageHeader } from './ui/page';

export interface PlaceholderPageProps {
  title: string;
  description: ReactNode;
  children?: ReactNode;
}

export function PlaceholderPage({ title, description, children }: PlaceholderPageProps) {
  useDocumentTitle(title);
  return (
    <PageContainer>
      <PageHeader title={title} description={description} />
      {children}
    </PageContainer>
  );
}
