// The SEC Form D feed end to end: the server (EDGAR_USER_AGENT set, EDGAR_BASE_URL on the stand-in in
// support/stack.ts) ingests the last days' filings with no click; /admin/sources shows the counts; a lead
// from a filing is on the dashboard with its company page; Run now queues a run; axe and 375 px. The
// disabled screen is driven by a stubbed API: a second server without EDGAR_USER_AGENT costs more than it
// tells (the server's own tests cover that nothing is fetched then).
import type { SourcesResponse, SourceStatus } from '@fundwire/shared';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { E2E_FILINGS } from '../support/edgar-filings.js';
import { expect as baseExpect, appUrl, fetchAllLeads, localDay, test } from '../support/fixtures.js';
import { signInAsAdmin, subscriberContext, toast } from '../support/more-fixtures.js';

const expect = baseExpect.configure({ timeout: 10_000 });
const mailApi = `http://127.0.0.1:${process.env.E2E_MAIL_API_PORT}`;

/** The first run starts 10 s after start-up (jobs/source-scheduler.ts); when this spec runs alone, wait for it. */
const FIRST_RUN_TIMEOUT = 60_000;

async function fetchSources(page: Page): Promise<SourcesResponse> {
  const response = await page.request.get(`${appUrl}/api/admin/sources`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as SourcesResponse;
}

async function waitForIngestedFilings(page: Page): Promise<SourceStatus> {
  let source: SourceStatus | undefined;
  await baseExpect
    .poll(
      async () => {
        source = (await fetchSources(page)).sources.find((candidate) => candidate.id === 'sec-form-d');
        // Handled, not just listed: a day's filings are counted as soon as its index is read.
        return (
          source?.days.reduce((sum, day) => sum + day.created + day.updated + day.failed + Object.values(day.skipped).reduce((a, b) => a + b, 0), 0) ?? 0
        );
      },
      { timeout: FIRST_RUN_TIMEOUT, intervals: [1_000, 2_000, 5_000] },
    )
    .toBeGreaterThanOrEqual(E2E_FILINGS.length);
  return source!;
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test.describe('SEC Form D feed', () => {
  test.setTimeout(FIRST_RUN_TIMEOUT + 60_000);

  test('ingests the last days with no click; /admin/sources shows the counts; the leads reach the dashboard', async ({ page, browser, request }) => {
    await signInAsAdmin(page);
    const source = await waitForIngestedFilings(page);
    expect(source.enabled).toBe(true);
    // Every request to the stand-in declared the configured User-Agent.
    const requests = (await (await page.request.get(`${mailApi}/edgar-requests`)).json()) as { path: string; userAgent: string }[];
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) expect(request.userAgent).toBe('Fundwire e2e e2e-ops@example.com');

    const totals = source.days.reduce(
      (sum, day) => ({ seen: sum.seen + day.filingsSeen, created: sum.created + day.created + day.updated, skipped: sum.skipped + Object.values(day.skipped).reduce((a, b) => a + b, 0) }),
      { seen: 0, created: 0, skipped: 0 },
    );
    // Two startups and two that are not (a pooled fund, a real-estate trust).
    expect(totals).toEqual({ seen: 4, created: 2, skipped: 2 });

    await page.goto('/admin/sources');
    await expect(page.getByRole('heading', { level: 1, name: 'Lead Sources' })).toBeVisible();
    const card = page.getByTestId('source-card').filter({ hasText: source.name });
    await expect(card.getByTestId('source-enabled')).toHaveText('Enabled');
    await expect(card.getByTestId('source-enable-hint')).toHaveCount(0);
    await expect(card.getByTestId('source-last-run')).not.toHaveText('Never run yet');
    // One row per day the API lists, with its counts as the API gives them.
    const rows = card.getByTestId('source-day');
    await expect(rows).toHaveCount(source.days.length);
    for (const day of source.days.filter((candidate) => candidate.filingsSeen > 0)) {
      const row = card.locator(`[data-testid="source-day"][data-day="${day.day}"]`);
      await expect(row.getByTestId('day-seen')).toHaveText(String(day.filingsSeen));
      await expect(row.getByTestId('day-created')).toHaveText(String(day.created));
      await expect(row.getByTestId('day-updated')).toHaveText(String(day.updated));
      await expect(row.getByTestId('day-skipped')).not.toHaveText('none');
    }

    await expectNoSeriousA11yViolations(page, { label: '/admin/sources' });
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(card.getByTestId('source-days')).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // The leads from filings are leads like any other: on the dashboard's week, with a company page.
    const { context, page: subscriber } = await subscriberContext(browser, request, 'edgar');
    const [lead] = await fetchAllLeads(subscriber.request, { q: 'Edgarwire Robotics' });
    expect(lead, 'the filing became a lead').toBeTruthy();
    expect(lead!.fundingDate >= localDay(new Date(), 6), 'dated within the dashboard week').toBe(true);
    await subscriber.goto(`/historical?q=${encodeURIComponent('Edgarwire Robotics')}`);
    const cards = subscriber.getByTestId('lead-card');
    await expect(cards).toHaveCount(1);
    // The card also links to the filing at SEC; the company link is the one into the app.
    await cards.first().locator('a[href^="/companies/"]').filter({ hasText: lead!.companyName }).click();
    await expect(subscriber).toHaveURL(/\/companies\/[0-9a-f-]{36}$/);
    await expect(subscriber.getByRole('heading', { level: 1 })).toHaveText(lead!.companyName);
    await context.close();
  });

  test('Run now queues a run of the recent days, says so, and the screen follows it to the end', async ({ page }) => {
    await signInAsAdmin(page);
    const before = (await waitForIngestedFilings(page)).lastRun!.startedAt;
    await page.goto('/admin/sources');
    const card = page.getByTestId('source-card').first();
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/admin/sources/sec-form-d/run'));
    await card.getByRole('button', { name: 'Run now' }).click();
    const response = await answer;
    expect(response.status()).toBe(202);
    const { days } = (await response.json()) as { days: string[] };
    await expect(toast(page, `Run queued for ${days.length} ${days.length === 1 ? 'day' : 'days'}`)).toBeVisible();
    await baseExpect
      .poll(async () => (await fetchSources(page)).sources[0]?.lastRun, { timeout: 30_000 })
      .toMatchObject({ status: 'done', startedAt: expect.not.stringMatching(`^${before}$`) });
    await page.reload();
    await expect(card.getByTestId('source-last-run')).toContainText('Done');
  });

  test('disabled: the screen says how to turn the feed on, and Run now is off', async ({ page }) => {
    await signInAsAdmin(page);
    const disabled: SourcesResponse = {
      merges: { mergedThisWeek: 0, leadsWithSeveralSources: 0 },
      enrichment: { providerEnabled: false, requestsToday: 0, dailyLimit: 500, pausedUntil: null, lastErrors: [], coverage: [] },
      sources: [
        {
          id: 'sec-form-d',
          name: 'SEC Form D filings',
          enabled: false,
          enableHint: 'Set EDGAR_USER_AGENT to your company name and a contact email, then restart the server.',
          lastRun: null,
          nextRunAt: null,
          paused: null,
          days: [],
          errors: [],
          failures: [],
        },
      ],
    };
    let runCalls = 0;
    await page.route('**/api/admin/sources', (route) => route.fulfill({ json: disabled }));
    await page.route('**/api/admin/sources/*/run', (route) => {
      runCalls += 1;
      return route.fulfill({ status: 409, json: { error: 'The SEC Form D feed is off' } });
    });
    await page.goto('/admin/sources');
    const card = page.getByTestId('source-card');
    await expect(card.getByTestId('source-enabled')).toHaveText('Disabled');
    await expect(card.getByTestId('source-enable-hint')).toHaveText(disabled.sources[0]!.enableHint!);
    await expect(card.getByTestId('source-no-days')).toContainText('Turn the source on');
    const run = card.getByRole('button', { name: 'Run now' });
    await expect(run).toBeDisabled();
    await expect(run).toHaveAccessibleDescription(disabled.sources[0]!.enableHint!);
    expect(runCalls).toBe(0);
    await expectNoSeriousA11yViolations(page, { label: '/admin/sources (disabled)' });
  });

  test('a blocked source shows its pause and reason, the filings that failed with their reasons, and the contacts left out', async ({ page }) => {
    await signInAsAdmin(page);
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const reason = 'EDGAR refused our requests (HTTP 403 for https://www.sec.gov/x: "Your Request Originates from an Undeclared Automated Tool").';
    const blocked: SourcesResponse = {
      merges: { mergedThisWeek: 0, leadsWithSeveralSources: 0 },
      enrichment: { providerEnabled: false, requestsToday: 0, dailyLimit: 500, pausedUntil: null, lastErrors: [], coverage: [] },
      sources: [
        {
          id: 'sec-form-d',
          name: 'SEC Form D filings',
          enabled: true,
          enableHint: null,
          lastRun: { startedAt: new Date().toISOString(), finishedAt: new Date().toISOString(), status: 'failed' },
          nextRunAt: until,
          paused: { until, reason },
          days: [
            { day: '2026-11-20', status: 'done', filingsSeen: 3, created: 1, updated: 0, skipped: { malformed: 1 }, failed: 1, contactsSkipped: 99_980, updatedAt: new Date().toISOString() },
          ],
          errors: [{ at: new Date().toISOString(), day: null, item: null, reason }],
          failures: [
            { item: '0001234567-26-000001', day: '2026-11-20', result: 'failed', reason: 'fetch failed after retries: HTTP 404', attempts: 3, at: new Date().toISOString() },
            { item: '0001234567-26-000002', day: '2026-11-20', result: 'malformed', reason: 'empty document: the filing was served with no content', attempts: 1, at: new Date().toISOString() },
          ],
        },
      ],
    };
    await page.route('**/api/admin/sources', (route) => route.fulfill({ json: blocked }));
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/admin/sources');
    const card = page.getByTestId('source-card');
    await expect(card.getByTestId('source-paused')).toContainText('Paused until');
    await expect(card.getByTestId('source-paused')).toContainText('Undeclared Automated Tool');
    await expect(card.getByTestId('day-contacts-skipped')).toHaveText('99,980');
    const failures = card.getByTestId('source-failure');
    await expect(failures).toHaveCount(2);
    await expect(failures.first()).toContainText('Filing 0001234567-26-000001');
    await expect(failures.first()).toContainText('fetch failed after retries: HTTP 404');
    await expect(failures.nth(1)).toContainText('Unreadable');
    await expect(failures.nth(1)).toContainText('empty document');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, { label: '/admin/sources (paused, failures)' });
  });

  test('a failed load says so and Retry loads again; before the first run the screen says what happens next', async ({ page }) => {
    await signInAsAdmin(page);
    const fresh: SourcesResponse = {
      merges: { mergedThisWeek: 0, leadsWithSeveralSources: 0 },
      enrichment: { providerEnabled: false, requestsToday: 0, dailyLimit: 500, pausedUntil: null, lastErrors: [], coverage: [] },
      sources: [{ id: 'sec-form-d', name: 'SEC Form D filings', enabled: true, enableHint: null, lastRun: null, nextRunAt: null, paused: null, days: [], errors: [], failures: [] }],
    };
    let fail = true;
    await page.route('**/api/admin/sources', (route) =>
      fail ? route.fulfill({ status: 500, json: { error: 'Database exploded' } }) : route.fulfill({ json: fresh }),
    );
    await page.goto('/admin/sources');
    await expect(page.getByRole('alert').filter({ hasText: 'Database exploded' })).toBeVisible({ timeout: 15_000 });
    fail = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    const card = page.getByTestId('source-card');
    await expect(card.getByTestId('source-last-run')).toHaveText('Never run yet');
    await expect(card.getByTestId('source-no-days')).toContainText('No runs yet');
    await expect(card.getByRole('button', { name: 'Run now' })).toBeEnabled();
  });
});
