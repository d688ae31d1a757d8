// /admin/subscribers: Email Subscribers (docs/product/SPEC.md "Admin: subscribers", section 8 toasts). The stat
// cards, the active list, and Send Weekly Email, which sends this week's edition once.
import { Mail, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { toast } from '@/components/ui/toaster';
import { SUBSCRIBER_MESSAGES, useSendWeeklyEmail, useSubscribers } from '@/features/alerts/api';
import { MAX_SUBSCRIBER_SEARCH, SubscriberList, SubscriberSearch } from '@/features/alerts/components/subscriber-list';
import { formatSendTime, isOverdue } from '@/features/alerts/schedule-display';
import { formatCount, pluralize } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';

const TITLE = 'Email Subscribers';

function StatCard({ label, value, hint, testId, small = false }: { label: string; value: string; hint?: string; testId: string; small?: boolean }) {
  return (
    <Card className="p-5">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className={small ? 'mt-1 text-lg font-semibold' : 'mt-1 text-2xl font-semibold tabular-nums'} data-testid={testId}>
        {value}
      </p>
      {hint && <p className="mt-1 text-xs text-muted-foreground">{hint}</p>}
    </Card>
  );
}

const SEARCH_DELAY_MS = 300;

export function AdminSubscribersRoute() {
  useDocumentTitle(TITLE);
  // The search and page live in the URL (?q=&page=), so a reload or a shared link shows the same page.
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, MAX_SUBSCRIBER_SEARCH);
  const pageParam = Number(params.get('page') ?? '1');
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  const [searchText, setSearchText] = useState(q);
  useEffect(() => {
    const timer = setTimeout(() => {
      const text = searchText.trim();
      if (text === q) return;
      const next = new URLSearchParams(params);
      if (text) next.set('q', text);
      else next.delete('q');
      // A new search starts again from page 1.
      next.delete('page');
      setParams(next, { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, q, params, setParams]);
  const changePage = (next: number) => {
    const updated = new URLSearchParams(params);
    if (next > 1) updated.set('page', String(next));
    else updated.delete('page');
    setParams(updated);
    listRef.current?.scrollIntoView({ block: 'start' });
  };
  const listRef = useRef<HTMLDivElement>(null);
  const subscribers = useSubscribers({ page, q });
  const send = useSendWeeklyEmail();

  const sendWeekly = () => {
    send.mutate(undefined, {
      onSuccess: ({ stats }) => {
        if (stats.successCount === 0 && stats.alreadySent > 0) {
          toast.info(`This week's email already went out to ${pluralize(stats.alreadySent, 'subscriber')}. Nothing new was sent.`);
          return;
        }
        toast.success(SUBSCRIBER_MESSAGES.sent(stats.successCount), {
          description:
            stats.pendingCount > 0
              ? `${formatCount(stats.pendingCount)} more are still being sent in the background.`
              : stats.failedCount > 0
                ? `${formatCount(stats.failedCount)} could not be delivered.`
                : stats.successCount === 0
                  ? 'No subscriber had anything to receive: either there are no subscribers or no new leads this week.'
                  : undefined,
        });
      },
      onError: (error) => toast.error(error.message || SUBSCRIBER_MESSAGES.sendFailed),
    });
  };

  const data = subscribers.data;
  return (
    <PageContainer>
      <PageHeader
        title={TITLE}
        description="Newsletter subscribers who confirmed their address, and the weekly email."
        actions={
          <Button onClick={sendWeekly} disabled={send.isPending}>
            <Send aria-hidden="true" />
            {send.isPending ? 'Sending...' : 'Send Weekly Email'}
          </Button>
        }
      />

      {subscribers.isPending ? (
        <div className="grid gap-4 sm:grid-cols-3" aria-busy="true" aria-label="Loading subscribers" role="status">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24" />
          ))}
          <Skeleton className="h-48 sm:col-span-3" />
        </div>
      ) : subscribers.isError ? (
        <ErrorState
          title={SUBSCRIBER_MESSAGES.fetchFailed}
          message={subscribers.error.message}
          onRetry={() => void subscribers.refetch()}
          retrying={subscribers.isFetching}
        />
      ) : data ? (
        <div className="grid gap-8">
          <div className="grid gap-4 sm:grid-cols-3">
            <StatCard label="Total Subscribers" value={formatCount(data.stats.totalSubscribers)} testId="stat-total" />
            <StatCard
              label="Weekly Leads"
              value={formatCount(data.stats.weeklyLeads)}
              hint="In the next weekly email: added since the last one and funded in the last 30 days"
              testId="stat-weekly-leads"
            />
            <StatCard
              label="Next Send"
              // Overdue (the server was down at 09:00 Monday): the scheduler sends it within a minute.
              value={isOverdue(data.stats.nextSend) ? 'Due now' : formatSendTime(data.stats.nextSend, data.stats.timeZone)}
              hint={`Every Monday at 9:00 AM, ${data.stats.timeZone.replace(/_/g, ' ')} time`}
              testId="stat-next-send"
              small
            />
          </div>
          <div ref={listRef} className="grid scroll-mt-24 gap-4">
            <SubscriberSearch value={searchText} onChange={setSearchText} />
            {data.subscribers.length === 0 ? (
              q || page > 1 ? (
                <EmptyState
                  icon={<Mail />}
                  title="No subscribers match"
                  description={q ? `No active subscriber's address contains "${q}".` : 'This page is past the end of the list.'}
                  action={
                    <Button variant="outline" onClick={() => (q ? setSearchText('') : changePage(1))}>
                      {q ? 'Clear search' : 'Go to the first page'}
                    </Button>
                  }
                />
              ) : (
                <EmptyState
                  icon={<Mail />}
                  title="No subscribers found"
                  description="Addresses appear here once their owner confirms the subscription from the landing page's newsletter form."
                />
              )
            ) : (
              <SubscriberList
                subscribers={data.subscribers}
                page={data.page}
                pageSize={data.pageSize}
                matchCount={data.matchCount}
                searching={q !== ''}
                busy={subscribers.isPlaceholderData}
              />
            )}
            {data.matchCount > data.pageSize && (
              <Pager
                page={page}
                pageCount={Math.max(1, Math.ceil(data.matchCount / data.pageSize))}
                onPageChange={changePage}
                busy={subscribers.isPlaceholderData}
                label="Subscriber pages"
              />
            )}
          </div>
        </div>
      ) : null}
    </PageContainer>
  );
}
