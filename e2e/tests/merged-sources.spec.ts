// One round from two sources, end to end: the server reads the SEC Form D stand-in and the Fundraising Fox
// dataset stand-in (support/stack.ts) with no click; the Edgarwire Biolabs filing and the dataset's SEC-based
// row of the same round become one lead. /admin/sources shows both sources and the merge counts; the lead's
// card and the company page credit both sources ("Fundraising Fox Open Dataset (CC BY 4.0)" linked to the row);
// the privacy policy names the dataset, its licence and its link; the admin splits the lead back. At 1280 and
// 375 px, with axe.
import type { SourcesResponse } from '@fundwire/shared';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { expect as baseExpect, appUrl, fetchAllLeads, test } from '../support/fixtures.js';
import { MERGED_COMPANY, MERGED_SLUG } from '../support/fundraisingfox-rows.js';
import { signInAsAdmin, subscriberContext, toast } from '../support/more-fixtures.js';

const expect = baseExpect.configure({ timeout: 10_000 });
/** Both sources' first runs start 10 s after start-up; when this spec runs alone, wait for them. */
const FIRST_RUN_TIMEOUT = 60_000;
const ROW_URL = `https://fundraisingfox.com/companies/${MERGED_SLUG}`;
const ATTRIBUTION = 'Fundraising Fox Open Dataset (CC BY 4.0)';

async function fetchSources(page: Page): Promise<SourcesResponse> {
  const response = await page.request.get(`${appUrl}/api/admin/sources`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as SourcesResponse;
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test.describe.serial('one round from two sources', () => {
  test.setTimeout(FIRST_RUN_TIMEOUT + 60_000);

  test('is one lead crediting both sources; /admin/sources shows both sources and the merge counts; the privacy policy names the dataset', async ({
    page,
    browser,
    request,
  }) => {
    await signInAsAdmin(page);
    await baseExpect
      .poll(async () => (await fetchSources(page)).merges.leadsWithSeveralSources, { timeout: FIRST_RUN_TIMEOUT, intervals: [1_000, 2_000, 5_000] })
      .toBeGreaterThanOrEqual(1);
    const { merges } = await fetchSources(page);
    expect(merges.mergedThisWeek).toBeGreaterThanOrEqual(1);

    await page.goto('/admin/sources');
    await expect(page.locator('[data-testid="source-card"][data-source="sec-form-d"]')).toBeVisible();
    const fox = page.locator('[data-testid="source-card"][data-source="fundraisingfox"]');
    await expect(fox).toBeVisible();
    await expect(fox.getByTestId('source-enabled')).toHaveText('Enabled');
    const health = page.getByRole('region', { name: 'One round, one lead' });
    await expect(health.getByTestId('merges-this-week')).toHaveText(merges.mergedThisWeek.toLocaleString('en-US'));
    await expect(health.getByTestId('merges-several-sources')).toHaveText(merges.leadsWithSeveralSources.toLocaleString('en-US'));
    await expectNoSeriousA11yViolations(page, { label: '/admin/sources (two sources, merges)' });
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(health.getByTestId('merges-several-sources')).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // The subscriber sees one lead, crediting both sources.
    const { context, page: subscriber } = await subscriberContext(browser, request, 'merged');
    const leads = await fetchAllLeads(subscriber.request, { q: 'Edgarwire Biolabs' });
    expect(leads, 'the filing and the dataset row are one lead').toHaveLength(1);
    expect(leads[0]!.sources.map((ref) => ref.source).sort()).toEqual(['fundraisingfox', 'sec-form-d']);
    expect(leads[0]!.domain, 'the domain came from the dataset').not.toBe('');

    for (const width of [1280, 375]) {
      await subscriber.setViewportSize({ width, height: 800 });
      await subscriber.goto(`/historical?q=${encodeURIComponent('Edgarwire Biolabs')}`);
      const card = subscriber.getByTestId('lead-card');
      await expect(card).toHaveCount(1);
      const sources = card.getByTestId('lead-sources');
      await expect(sources).toContainText('Sources:');
      await expect(sources.getByRole('link', { name: new RegExp(`^${ATTRIBUTION.replace(/[()]/g, '\\$&')}`) })).toHaveAttribute('href', ROW_URL);
      await expect(sources.locator('[data-source="sec-form-d"]').getByRole('link')).toHaveAccessibleName(/^SEC Form D for Edgarwire Biolabs/);
      await expect(sources.locator('[data-source="sec-form-d"] a')).toHaveAttribute('href', /^https?:\/\//);
      expect(await horizontalOverflow(subscriber)).toBeLessThanOrEqual(0);
    }
    await expectNoSeriousA11yViolations(subscriber, { label: '/historical (merged lead)' });

    // The company page credits both sources on the round.
    await subscriber.setViewportSize({ width: 1280, height: 800 });
    await subscriber.getByTestId('lead-card').first().locator('a[href^="/companies/"]').first().click();
    await expect(subscriber).toHaveURL(/\/companies\/[0-9a-f-]{36}$/);
    const round = subscriber.getByTestId('company-round').first();
    await expect(round.locator('[data-source="fundraisingfox"] a')).toHaveAttribute('href', ROW_URL);
    await expect(round.locator('[data-source="fundraisingfox"]')).toContainText(ATTRIBUTION);
    await expect(round.locator('[data-source="sec-form-d"]')).toContainText('SEC Form D');
    await expectNoSeriousA11yViolations(subscriber, { label: '/companies/:id (merged round)' });
    await subscriber.setViewportSize({ width: 375, height: 800 });
    await expect(round.locator('[data-source="fundraisingfox"]')).toBeVisible();
    expect(await horizontalOverflow(subscriber)).toBeLessThanOrEqual(0);
    await context.close();

    // The privacy policy's data sources name the dataset, its licence and where it is.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/privacy');
    const section = page.getByRole('region', { name: 'Where our funding data comes from' });
    await expect(section).toContainText(ATTRIBUTION);
    await expect(section.getByRole('link', { name: 'https://github.com/fundraisingfox/data' })).toHaveAttribute('href', 'https://github.com/fundraisingfox/data');
    await expect(section.getByRole('link', { name: 'https://creativecommons.org/licenses/by/4.0/' })).toBeVisible();
    await expect(section).toContainText('SEC Form D');
  });

  test('the admin splits the merged lead back into one lead per source, after confirming', async ({ page }) => {
    await signInAsAdmin(page);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/admin?q=${encodeURIComponent('Edgarwire Biolabs')}`);
      const split = page.getByRole('button', { name: /^Split Edgarwire Biolabs/ });
      await expect(split).toHaveCount(1);
      // Cancel changes nothing.
      await split.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByTestId('split-lead-dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('SEC Form D');
      await expect(dialog).toContainText(ATTRIBUTION);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page, { label: `split dialog (${width} px)` });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(split).toBeFocused();
    }
    expect(await fetchAllLeads(page.request, { q: 'Edgarwire Biolabs' })).toHaveLength(1);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: /^Split Edgarwire Biolabs/ }).click();
    const answer = page.waitForResponse((response) => /\/api\/admin\/leads\/[0-9a-f-]+\/split$/.test(response.url()));
    await page.getByTestId('split-lead-dialog').getByRole('button', { name: 'Split into 2 leads' }).click();
    expect((await answer).status()).toBe(200);
    await expect(toast(page, 'Split into 2 leads')).toBeVisible();
    // Refreshed: two leads, one source each, and nothing left to split.
    await expect(page.getByRole('button', { name: /^Split Edgarwire Biolabs/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit Edgarwire Biolabs/ })).toHaveCount(2);
    const leads = await fetchAllLeads(page.request, { q: 'Edgarwire Biolabs' });
    expect(leads.map((lead) => lead.sources.map((ref) => ref.source)).sort()).toEqual([['fundraisingfox'], ['sec-form-d']]);
    expect(leads.find((lead) => lead.source === 'fundraisingfox')!.companyName).toBe(MERGED_COMPANY);
  });
});
