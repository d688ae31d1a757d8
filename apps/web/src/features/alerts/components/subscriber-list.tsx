// The admin's list of active newsletter subscribers: address, subscribed date and preference badges.
import type { Subscriber } from '@fundwire/shared';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { SearchInput } from '@/components/ui/search-input';
import { Label } from '@/components/ui/label';
import { formatCount, pluralize } from '@/lib/format';
import { cn } from '@/lib/utils';
import { format } from 'date-fns';
import { formatExactDate, formatRelativeDate } from '@/lib/format';

/** The server's limit on the search text. */
export const MAX_SUBSCRIBER_SEARCH = 254;

/** Narrows the list to addresses containing the text (the server's search, debounced by the caller). */
export function SubscriberSearch({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const id = useId();
  return (
    <div role="search" className="grid max-w-xl gap-1.5">
      <Label htmlFor={id}>Search subscribers</Label>
      <SearchInput
        id={id}
        placeholder="Part of an email address"
        maxLength={MAX_SUBSCRIBER_SEARCH}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

export interface SubscriberListProps {
  subscribers: Subscriber[];
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Subscribers matching the search (everyone without one). */
  matchCount: number;
  searching: boolean;
  /** The next page is loading: this one stays, dimmed. */
  busy: boolean;
}

export function SubscriberList({ subscribers, page, pageSize, matchCount, searching, busy }: SubscriberListProps) {
  const first = (page - 1) * pageSize + 1;
  const last = first + subscribers.length - 1;
  return (
    <section aria-labelledby="subscriber-list-heading" aria-busy={busy}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="subscriber-list-heading" className="text-lg font-semibold">
          {searching ? 'Matching subscribers' : 'Active subscribers'}
        </h2>
        <p className="text-sm text-muted-foreground tabular-nums" data-testid="subscriber-range">
          {matchCount > subscribers.length
            ? `${formatCount(first)}–${formatCount(last)} of ${formatCount(matchCount)}`
            : pluralize(matchCount, searching ? 'match' : 'subscriber', searching ? 'matches' : undefined)}
        </p>
      </div>
      <ul className={cn('divide-y divide-border rounded-lg border border-border bg-card', busy && 'opacity-60')} data-testid="subscriber-list">
        {subscribers.map((subscriber) => {
          const day = format(new Date(subscriber.subscribedAt), 'yyyy-MM-dd');
          return (
            <li key={subscriber.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium break-all">{subscriber.email}</p>
                <p className="text-sm text-muted-foreground">
                  Subscribed{' '}
                  <time dateTime={subscriber.subscribedAt} title={formatExactDate(day)}>
                    {formatRelativeDate(day)}
                  </time>
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
