// A simple content page (about, careers, blog): heading, lead paragraph, then sections of prose.
import type { ReactNode } from 'react';
import { PageContainer } from '@/components/ui/page';

export interface ProsePageProps {
  title: string;
  lead: ReactNode;
  children: ReactNode;
}

export function ProsePage({ title, lead, children }: ProsePageProps) {
  return (
    <PageContainer className="max-w-3xl">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg leading-8 text-muted-foreground">{lead}</p>
      <div className="mt-10 space-y-10 leading-7 text-foreground/90">{children}</div>
    </PageContainer>
  );
}

export function ProseSection({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold text-foreground">
        {title}
      </h2>
      {children}
    </section>
  );
}
