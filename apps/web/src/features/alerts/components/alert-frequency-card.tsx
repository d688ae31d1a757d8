// Profile: how often a subscriber's alert digest comes (weekly by default, daily, or off).
import { ALERT_FREQUENCIES, type AlertFrequency } from '@fundwire/shared';
import { Card } from '@/components/ui/card';
import { RadioGroup, RadioGroupOption } from '@/components/ui/radio-group';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { toast } from '@/components/ui/toaster';
import { useAlertSettings, useSetAlertFrequency } from '../api';
import { formatSendTime } from '../schedule-display';

const LABELS: Record<AlertFrequency, { title: string; detail: string }> = {
  weekly: { title: 'Weekly', detail: 'Every Monday at 9:00 AM: the week’s new rounds with contacts' },
  daily: { title: 'Daily', detail: 'Every day at 9:00 AM: yesterday’s new rounds with contacts' },
  off: { title: 'Off', detail: 'No alert emails; the dashboard still has everything' },
};

function isFrequency(value: string): value is AlertFrequency {
  return (ALERT_FREQUENCIES as readonly string[]).includes(value);
}

export function AlertFrequencyCard({ subscribed }: { subscribed: boolean }) {
  const settings = useAlertSettings();
  const save = useSetAlertFrequency();

  const change = (value: string) => {
    if (!isFrequency(value) || value === settings.data?.frequency) return;
    save.mutate(value, {
      onSuccess: (data) => toast.success(data.frequency === 'off' ? 'Alert emails turned off' : `Alert emails: ${LABELS[data.frequency].title.toLowerCase()}`),
      onError: (error) => toast.error(error.message),
    });
  };

  return (
    <Card className="p-6">
      <h2 id="alert-emails-heading" className="text-base font-semibold">
        Alert emails
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {subscribed ? 'New funding rounds with their contacts, sent to your account email.' : 'Alert emails come with a subscription. Choose now; they start when your plan does.'}
      </p>
      <div className="mt-4">
        {settings.isPending ? (
          <div role="status" aria-label="Loading alert settings">
            <Skeleton className="h-36" />
          </div>
        ) : settings.isError ? (
          <ErrorState message={settings.error.message} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />
        ) : (
          <>
            <RadioGroup aria-labelledby="alert-emails-heading" value={save.isPending ? save.variables : settings.data.frequency} onValueChange={change} disabled={save.isPending}>
              {ALERT_FREQUENCIES.map((frequency) => (
                <RadioGroupOption
                  key={frequency}
                  value={frequency}
                  label={
                    <>
                      <span className="font-medium">{LABELS[frequency].title}</span>
                      <span className="block text-muted-foreground">{LABELS[frequency].detail}</span>
                    </>
                  }
                />
              ))}
            </RadioGroup>
            <p className="mt-3 text-sm text-muted-foreground" data-testid="alert-next-send">
              {settings.data.nextSend
                ? `Next alert: ${formatSendTime(settings.data.nextSend, settings.data.timeZone)}`
                : settings.data.frequency === 'off'
                  ? 'You will not get alert emails.'
                  : 'No alert is scheduled until your subscription is active.'}
            </p>
          </>
        )}
      </div>
    </Card>
  );
}
