// /admin/sources in the browser. The disabled screen is driven by a stubbed API: a second server without
// EDGAR_USER_AGENT costs more than it tells (the server's own tests cover that nothing is fetched then).
import type { SourcesResponse } from '@fundwire/shared';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { expect as baseExpect, test } from '../support/fixtures.js';
import { signInAsAdmin } from '../support/more-fixtures.js';

const expect = baseExpect.configure({ timeout: 10_000 });

test.describe('SEC Form D feed', () => {
  test('disabled: the screen says how to turn the feed on, and Run now is off', async ({ page }) => {
    await signInAsAdmin(page);
    const disabled: SourcesResponse = {
      sources: [
        {
          id: 'sec-form-d',
          name: 'SEC Form D filings',
          enabled: false,
          enableHint: 'Set EDGAR_USER_AGENT to your company name and a contact email, then restart the server.',
          lastRun: null,
          nextRunAt: null,
          days: [],
          errors: [],
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

  test('a failed load says so and Retry loads again; before the first run the screen says what happens next', async ({ page }) => {
    await signInAsAdmin(page);
    const fresh: SourcesResponse = {
      sources: [{ id: 'sec-form-d', name: 'SEC Form D filings', enabled: true, enableHint: null, lastRun: null, nextRunAt: null, days: [], errors: [] }],
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
