import { PRODUCT_NAME } from '@fundwire/shared';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

// Placeholder hero; the newsletter form, testimonials, pricing and FAQ sections come with the landing issue.
export function LandingRoute() {
  useDocumentTitle();
  return (
    <section className="bg-gradient-to-b from-primary-soft/70 to-background">
      <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-20 text-center sm:px-6 sm:py-28">
        <Badge variant="soft">Funding alerts every week</Badge>
        <h1 className="mt-6 text-4xl font-semibold tracking-tight sm:text-5xl">{PRODUCT_NAME}</h1>
        <p className="mt-4 max-w-xl text-lg text-muted-foreground">
          Startups that just raised money, and who to contact there. Reach them while the budget is fresh.
        </p>
        <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg">
            <Link to={paths.signUp}>
              Start your free trial
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.freeLeads}>See free leads</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
