import { CONTACT_EMAIL } from '@fundwire/shared';
import { PlaceholderPage } from '@/components/placeholder-page';

export function TermsRoute() {
  return (
    <PlaceholderPage title="Terms of Service" description="The terms that apply when you use Fundwire. The full text is being finalised.">
      <p className="text-sm text-muted-foreground">
        Legal questions:{' '}
        <a className="font-medium text-primary underline-offset-4 hover:underline" href={`mailto:${CONTACT_EMAIL.legal}`}>
          {CONTACT_EMAIL.legal}
        </a>
      </p>
    </PlaceholderPage>
  );
}
