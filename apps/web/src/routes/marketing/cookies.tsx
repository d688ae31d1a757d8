import { CONTACT_EMAIL } from '@fundwire/shared';
import { PlaceholderPage } from '@/components/placeholder-page';

export function CookiesRoute() {
  return (
    <PlaceholderPage title="Cookie Policy" description="Fundwire uses only the cookies it needs to keep you signed in. The full policy is being finalised.">
      <p className="text-sm text-muted-foreground">
        Cookie and privacy questions:{' '}
        <a className="font-medium text-primary underline-offset-4 hover:underline" href={`mailto:${CONTACT_EMAIL.privacy}`}>
          {CONTACT_EMAIL.privacy}
        </a>
      </p>
    </PlaceholderPage>
  );
}
