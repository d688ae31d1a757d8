// /email-preferences?token=: what a mail recipient gets, changed without signing in (the signed link
// is the credential). Newsletter readers pick kinds of mail; subscribers pick how often alerts come.
import { ALERT_FREQUENCIES, type AlertFrequency, type EmailPreferencesResponse, type SubscriberPreferences } from '@fundwire/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { RadioGroup, RadioGroupOption } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { toast } from '@/components/ui/toaster';
import { useEmailPreferences, useUnsubscribe, useUpdateEmailPreferences } from '@/features/alerts/api';
import { useMailToken } from '@/features/alerts/hooks/use-mail-link';
import { useDocumentTitle } from '@/lib/use-document-title';
import { isRetryable } from '@/lib/api-client';

const KINDS: { key: keyof SubscriberPreferences; label: string; detail: string }[] = [
  { key: 'weeklyLeads', label: 'Weekly Leads', detail: 'Monday’s digest of new funding rounds' },
  { key: 'productUpdates', label: 'Product Updates', detail: 'New Fundwire features, a few times a year' },
  { key: 'marketingEmails', label: 'Marketing', detail: 'Offers and events' },
];

const FREQUENCY_LABELS: Record<AlertFrequency, string> = { weekly: 'Weekly (Mondays, 9:00 AM)', daily: 'Daily (9:00 AM)', off: 'Off' };

function NewsletterForm({ token, current }: { token: string; current: EmailPreferencesResponse }) {
  const update = useUpdateEmailPreferences(token);
  const [draft, setDraft] = useState<SubscriberPreferences>(current.preferences ?? { weeklyLeads: true, productUpdates: true, marketingEmails: false });
  const save = () =>
    update.mutate({ preferences: draft }, { onSuccess: (data) => toast.success(data.subscribed ? 'Preferences saved' : 'You are unsubscribed from every Fundwire email'), onError: (error) => toast.error(error.message) });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Emails to {current.email}</legend>
        {KINDS.map((kind) => (
          <label key={kind.key} className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-border px-3 py-2 text-sm hover:bg-accent">
            <input
              type="checkbox"
              className="mt-1 size-4 accent-primary"
              checked={draft[kind.key]}
              onChange={(event) => setDraft({ ...draft, [kind.key]: event.target.checked })}
            />
            <span>
              <span className="font-medium">{kind.label}</span>
              <span className="block text-muted-foreground">{kind.detail}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="mt-3 text-sm text-muted-foreground">
        Status: <span className="font-medium text-foreground">{current.subscribed ? 'subscribed' : 'unsubscribed'}</span>. Unticking everything unsubscribes you.
      </p>
      <Button type="submit" className="mt-4" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save preferences'}
      </Button>
    </form>
  );
}

function AlertsForm({ token, current }: { token: string; current: EmailPreferencesResponse }) {
  const update = useUpdateEmailPreferences(token);
  return (
    <div>
      <p id="alert-frequency-label" className="mb-2 text-sm font-medium">
        Alert emails to {current.email}
      </p>
      <RadioGroup
        aria-labelledby="alert-frequency-label"
        value={update.isPending ? update.variables.frequency : (current.frequency ?? 'weekly')}
        disabled={update.isPending}
        onValueChange={(value) =>
          update.mutate({ frequency: value as AlertFrequency }, { onSuccess: () => toast.success('Preferences saved'), onError: (error) => toast.error(error.message) })
        }
      >
        {ALERT_FREQUENCIES.map((frequency) => (
          <RadioGroupOption key={frequency} value={frequency} label={FREQUENCY_LABELS[frequency]} />
        ))}
      </RadioGroup>
    </div>
  );
}

export function EmailPreferencesRoute() {
  useDocumentTitle('Email preferences');
  const token = useMailToken();
  const preferences = useEmailPreferences(token);
  const unsubscribe = useUnsubscribe(token);

  return (
    <PageContainer className="max-w-xl">
      <PageHeader title="Email preferences" description="Choose what Fundwire sends you. No sign-in needed: this page opened from your email's link." />
      {token === '' ? (
        <ErrorState title="This link is incomplete" message="Open the preferences link from one of our emails again." />
      ) : preferences.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading your preferences…" showLabel />
        </div>
      ) : preferences.isError ? (
        <ErrorState title="We could not open your preferences" message={preferences.error.message} onRetry={isRetryable(preferences.error) ? () => void preferences.refetch() : undefined} retrying={preferences.isFetching} />
      ) : (
        <Card className="p-6">
          {preferences.data.kind === 'newsletter' ? (
            <NewsletterForm key={JSON.stringify(preferences.data.preferences)} token={token} current={preferences.data} />
          ) : (
            <AlertsForm token={token} current={preferences.data} />
          )}
          {preferences.data.subscribed && (
            <Button
              variant="outline"
              className="mt-6 w-fit"
              disabled={unsubscribe.isPending}
              onClick={() => unsubscribe.mutate(undefined, { onSuccess: () => toast.success('You are unsubscribed'), onError: (error) => toast.error(error.message) })}
            >
              {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe from everything'}
            </Button>
          )}
        </Card>
      )}
    </PageContainer>
  );
}
