import { CONTACT_EMAIL } from '@fundwire/shared';
import { PlaceholderPage } from '@/components/placeholder-page';

export function PrivacyRoute() {
  return (
    <PlaceholderPage title="Privacy Policy" description="How Fundwire collects, uses and protects your personal data. The full policy is being finalised.">
      <p className="text-sm text-muted-foreground">
        Privacy questions:{' '}
        <a className="font-medium text-primary underline-offset-4 hover:underline" href={`mailto:${CONTACT_EMAIL.privacy}`}>
          {CONTACT_EMAIL.privacy}
        </a>
      </p>
    </PlaceholderPage>
  );
}
