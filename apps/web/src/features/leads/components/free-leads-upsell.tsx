import { ArrowRight, Check } from 'lucide-react';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

const PRO_FEATURES = [
  'Full contact details for key decision-makers',
  'Company websites',
  'Advanced filtering by industry, round and date',
  'A weekly or daily email with every new round',
  'CSV export',
];

/** The "Want More Leads?" card under the free sample. `message` is the server's pitch, if any. */
export function FreeLeadsUpsell({ message }: { message?: string }) {
  const pitch = message?.trim();
  return (
    <Card data-testid="free-leads-upsell" className="border-primary/20 bg-primary-soft/60 p-6 sm:p-8">
      <div className="grid gap-6 md:grid-cols-2 md:items-center md:gap-10">
        <div>
          <h2 className="text-xl font-semibold tracking-tight sm:text-2xl">Want More Leads?</h2>
          {pitch ? (
            <p data-testid="free-leads-message" className="mt-2 text-muted-foreground">
              {pitch}
            </p>
          ) : (
            <p className="mt-2 text-muted-foreground">
              Subscribe to see every new funding round, with the people to contact there.
            </p>
          )}
          {/* The label names both plans, so it may wrap on a phone rather than push the page sideways. */}
          <Button asChild size="lg" className="mt-6 h-auto min-h-12 w-full py-3 text-center whitespace-normal sm:w-auto">
            {/* A plain link: the prerendered page's island has no router, and /pricing is prerendered. */}
            <a href={paths.pricing}>
              See the Monthly and Annual plans
              <ArrowRight aria-hidden="true" />
            </a>
          </Button>
        </div>
        <div>
          <p className="text-sm font-medium text-foreground">Subscribers on either plan get:</p>
          <ul className="mt-3 space-y-2">
            {PRO_FEATURES.map((feature) => (
              <li key={feature} className="flex items-start gap-2 text-sm">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                {feature}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Card>
  );
}
