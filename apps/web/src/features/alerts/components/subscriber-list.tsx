// The admin's list of active newsletter subscribers: address, subscribed date and preference badges.
import type { Subscriber } from '@fundwire/shared';
import { Badge } from '@/components/ui/badge';
import { format } from 'date-fns';
import { formatExactDate, formatRelativeDate } from '@/lib/format';

export function SubscriberList({ subscribers, total }: { subscribers: Subscriber[]; total: number }) {
  return (
    <section aria-labelledby="subscriber-list-heading">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="subscriber-list-heading" className="text-lg font-semibold">
          Active subscribers
        </h2>
        {total > subscribers.length && (
          <p className="text-sm text-muted-foreground">
            Showing the {subscribers.length.toLocaleString('en-US')} most recent of {total.toLocaleString('en-US')}
          </p>
        )}
      </div>
      <ul className="divide-y divide-border rounded-lg border border-border bg-card" data-testid="subscriber-list">
        {subscribers.map((subscriber) => {
          const day = format(new Date(subscriber.subscribedAt), 'yyyy-MM-dd');
          return (
          <li key={subscriber.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-medium break-all">{subscriber.email}</p>
              <p className="text-sm text-muted-foreground">
                Subscribed <time dateTime={subscriber.subscribedAt} title={formatExactDate(day)}>{formatRelativeDate(day)}</time>
              </p>
            </div>
            <div className="flex flex-wrap gap-1.5">
              {subscriber.preferences.weeklyLeads && <Badge variant="secondary">Weekly Leads</Badge>}
              {subscriber.preferences.productUpdates && <Badge variant="secondary">Product Updates</Badge>}
              {subscriber.preferences.marketingEmails && <Badge variant="secondary">Marketing</Badge>}
              {subscriber.subscribed && <Badge className="bg-emerald-100 text-emerald-800">Active</Badge>}
            </div>
          </li>
          );
        })}
      </ul>
    </section>
  );
}
