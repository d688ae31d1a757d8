import { expect, test } from '@playwright/test';

test.describe('free leads', () => {
  test('come from the API, without contacts, with the server message', async ({ page, request }) => {
    const api = await request.get('/api/free-leads');
    expect(api.ok()).toBe(true);
    const body = (await api.json()) as { leads: { companyName: string }[]; message: string };
    expect(body.leads.length).toBeGreaterThan(0);

    await page.goto('/free-leads');
    const list = page.getByTestId('free-leads-list');
    await expect(list).toHaveAttribute('data-source', 'api');
    const cards = page.getByTestId('lead-card');
    await expect(cards).toHaveCount(body.leads.length);
    for (const [index, lead] of body.leads.entries()) {
      await expect(cards.nth(index)).toContainText(lead.companyName);
    }
    await expect(page.getByTestId('sample-notice')).toHaveCount(0);
    await expect(page.getByTestId('free-leads-message')).toHaveText(body.message);
    await page.getByRole('link', { name: 'See the Monthly and Annual plans' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('fall back to the built-in sample with a toast when the API fails', async ({ page }) => {
    await page.route('**/api/free-leads', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'boom' }) }),
    );
    await page.goto('/free-leads');
    await expect(page.getByTestId('free-leads-list')).toHaveAttribute('data-source', 'sample');
    await expect(page.getByTestId('sample-notice')).toBeVisible();
    const cards = page.getByTestId('lead-card');
    await expect(cards).toHaveCount(5);
    for (const name of ['EcoCharge', 'HealthAI', 'CyberShield', 'AgriTech Solutions', 'FinFlow']) {
      await expect(page.getByTestId('free-leads-list')).toContainText(name);
    }
    const toast = page.getByText('Failed to fetch free leads');
    await expect(toast).toBeVisible();
    await expect(toast).toHaveCount(1);
  });

  test('fit a 375 px wide screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/free-leads');
    await expect(page.getByTestId('lead-card').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('shell', () => {
  test('an unknown path lands on /', async ({ page }) => {
    await page.goto('/does-not-exist');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('contentinfo')).toContainText('Fundwire');
  });

  test('the signed-out header and the footer link where the spec says', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
    await header.getByRole('link', { name: 'Free Leads' }).click();
    await expect(page).toHaveURL(/\/free-leads$/);
    const footer = page.getByRole('contentinfo');
    for (const [name, href] of <[string, string][]>[
      ['About', '/about'],
      ['Careers', '/careers'],
      ['Blog', '/blog'],
      ['Privacy', '/privacy'],
      ['Terms', '/terms'],
      ['Cookies', '/cookies'],
    ]) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Fundwire`);
  });

  test('pages load with no CSP violations or page errors', async ({ page }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    for (const path of ['/', '/free-leads', '/pricing', '/signin']) {
      await page.goto(path);
      await expect(page.getByRole('heading').first()).toBeVisible();
    }
    expect(problems).toEqual([]);
  });
});
