// The frame both CRM cards share: the CRM's name as a heading, what connecting it does, and the card's body.
import { CRM_LABELS, type Crm } from '@fundwire/shared';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

export function IntegrationCard({ crm, description, children }: { crm: Crm; description: ReactNode; children: ReactNode }) {
  const headingId = `integration-${crm}-heading`;
  return (
    <Card role="region" aria-labelledby={headingId} data-testid={`integration-${crm}`} className="grid content-start gap-4 p-6">
      <div className="grid gap-1">
        <h2 id={headingId} className="text-base font-semibold">
          {CRM_LABELS[crm]}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </Card>
  );
}
