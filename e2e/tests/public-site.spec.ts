// The public site: landing (newsletter signup against the real endpoint, one-open FAQ, plans), pricing,
// legal and footer pages, titles and descriptions, prerendered HTML without JavaScript, sitemap and
// robots, the 375 px menu, the landing page's JavaScript budget, and axe on every public screen.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PLANS } from '@fundwire/shared';
import type { Page } from '@playwright/test';
import { INITIAL_JS_BUDGET_BYTES, measureInitialJs } from '../../apps/web/scripts/initial-js.js';
import { LEGAL_DOCUMENTS } from '../../apps/web/src/features/legal/documents.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { appUrl, expect, test, uniqueEmail, waitForMail } from '../support/fixtures.js';

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

const PUBLIC_PAGES: { path: string; title: RegExp; h1: string }[] = [
  { path: '/', title: /^Fundwire · Funding-round leads for sales teams$/, h1: 'Startups that just raised money, and who to contact there' },
  { path: '/pricing', title: /^Pricing · Fundwire$/, h1: 'Pricing' },
  { path: '/free-leads', title: /^Free Leads · Fundwire$/, h1: 'Free Startup Funding Leads' },
  { path: '/privacy', title: /^Privacy Policy · Fundwire$/, h1: 'Privacy Policy' },
  { path: '/terms', title: /^Terms of Service · Fundwire$/, h1: 'Terms of Service' },
  { path: '/cookies', title: /^Cookie Policy · Fundwire$/, h1: 'Cookie Policy' },
  { path: '/about', title: /^About · Fundwire$/, h1: 'About Fundwire' },
  { path: '/careers', title: /^Careers · Fundwire$/, h1: 'Careers' },
  { path: '/blog', title: /^Blog · Fundwire$/, h1: 'Blog' },
];

function newsletterForm(page: Page) {
  return page.getByRole('form', { name: 'Newsletter signup' });
}

function legalDate(day: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

test.describe('landing page', () => {
  test('hero, badges, three testimonials, plans from the shared definition, and no serious a11y issues', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PUBLIC_PAGES[0]!.h1);
    const highlights = page.getByRole('list', { name: 'Highlights' });
    // No made-up subscriber count on an install that has none (decision 039).
    await expect(highlights).not.toContainText(/\d+\+? Subscribers/i);
    await expect(highlights).toContainText('7-day free trial');
    await expect(highlights).toContainText('Weekly Updates');
    await expect(newsletterForm(page).getByRole('button', { name: 'Subscribe' })).toBeVisible();
    await expect(page.getByTestId('testimonial')).toHaveCount(3);
    await expect(page.getByTestId('testimonial').first()).toContainText('40%');

    const pricing = page.locator('#pricing');
    await expect(pricing.getByTestId('plan-card')).toHaveCount(2);
    await expect(pricing.locator('[data-plan="monthly"]')).toContainText(`$${PLANS.monthly.price}/${PLANS.monthly.period}`);
    await expect(pricing.locator('[data-plan="annual"]')).toContainText(`$${PLANS.annual.price}/${PLANS.annual.period}`);
    await expect(pricing.locator('[data-plan="annual"]')).toContainText('Most Popular');
    await expectNoSeriousA11yViolations(page, { label: 'landing' });
  });

  test('the FAQ has six questions and keeps one answer open at a time; the cost answer quotes the real prices', async ({ page }) => {
    await page.goto('/#faq');
    const items = page.locator('#faq').getByTestId('faq-item');
    await expect(items).toHaveCount(6);
    const open = page.locator('#faq details[open]');
    await expect(open).toHaveCount(0);

    await items.nth(0).locator('summary').click();
    await expect(open).toHaveCount(1);
    await expect(items.nth(0)).toHaveAttribute('open', '');

    const cost = page.locator('[data-faq="cost"]');
    await cost.locator('summary').click();
    await expect(open).toHaveCount(1);
    await expect(items.nth(0)).not.toHaveAttribute('open');
    await expect(cost.getByText(`$${PLANS.monthly.price}/month`)).toBeVisible();
    await expect(cost).toContainText(`$${PLANS.annual.price}/year`);
    await expect(cost).not.toContainText('$99');

    // Keyboard: Enter on a question opens it and closes the cost answer.
    await page.locator('[data-faq="sourcing"] summary').focus();
    await page.keyboard.press('Enter');
    await expect(open).toHaveCount(1);
    await expect(page.locator('[data-faq="sourcing"]')).toHaveAttribute('open', '');
    await expectNoSeriousA11yViolations(page, { label: 'landing with an FAQ answer open' });
  });

  test('the FAQ is the same one-open accordion after client-side navigation (the whole app renders it)', async ({ page }) => {
    // /signin runs the whole app (the prerendered public pages run islands and link with full page loads).
    await page.goto('/signin');
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/#faq$/);
    const items = page.locator('#faq').getByTestId('faq-item');
    await items.nth(1).locator('summary').click();
    await items.nth(2).locator('summary').click();
    await expect(page.locator('#faq details[open]')).toHaveCount(1);
    await expect(items.nth(2)).toHaveAttribute('open', '');
  });
});

test.describe('newsletter form before React', () => {
  test('React loads only when the visitor reaches for the form, and a submit made before it arrives is held and sent once', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    // Hold the form's chunk until the visitor has typed and pressed Subscribe.
    let releaseChunk: () => void = () => undefined;
    const chunkHeld = new Promise<void>((resolve) => (releaseChunk = resolve));
    await page.route(/\/assets\/newsletter-form-[^/]+\.js$/, async (route) => {
      await chunkHeld;
      await route.continue();
    });
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/subscribe-email') && request.method() === 'POST') posts.push(request.postData() ?? '');
    });

    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts.some((url) => /newsletter-form-/.test(url))).toBe(false);

    const email = uniqueEmail('early-submit');
    await page.getByLabel('Email address').fill(email);
    await newsletterForm(page).getByRole('button', { name: 'Subscribe' }).click();
    // Still the prerendered page: nothing sent, nothing navigated.
    await expect(page).toHaveURL(/\/$/);
    expect(posts).toEqual([]);

    releaseChunk();
    await expect(newsletterForm(page).getByTestId('newsletter-outcome')).toHaveAttribute('data-kind', 'success');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0]!)).toEqual({ email });
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('prerendered pages, signed in', () => {
  for (const start of ['/pricing', '/free-leads']) {
    test(`${start}: the whole app takes over and shows the subscriber\u2019s header`, async ({ page, request }) => {
      const email = uniqueEmail('islands-signed-in');
      const signUp = await request.post(`${appUrl}/api/auth/sign-up/email`, { headers: { origin: appUrl }, data: { email, password: 'e2e-password-1', name: 'l' } });
      expect(signUp.ok()).toBe(true);
      await page.request.post(`${appUrl}/api/auth/sign-in/email`, { headers: { origin: appUrl }, data: { email, password: 'e2e-password-1' } });
      await page.goto(start);
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Recent' })).toBeVisible();
      await expect(header.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();
      await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
      if (start === '/pricing') {
        // The app's own plan buttons: signed in without a subscription, they start checkout.
        await expect(page.locator('[data-plan="monthly"]').getByRole('button', { name: 'Start 7-day free trial: Monthly plan' })).toBeEnabled();
      }
      if (start === '/free-leads') await expect(page.getByTestId('free-leads-list')).toHaveAttribute('data-source', 'api');
    });
  }
});

test.describe('landing page, signed in', () => {
  test('the whole app takes over and shows the subscriber\u2019s header', async ({ page, request }) => {
    const email = uniqueEmail('landing-signed-in');
    const signUp = await request.post(`${appUrl}/api/auth/sign-up/email`, { headers: { origin: appUrl }, data: { email, password: 'e2e-password-1', name: 'l' } });
    expect(signUp.ok()).toBe(true);
    await page.request.post(`${appUrl}/api/auth/sign-in/email`, { headers: { origin: appUrl }, data: { email, password: 'e2e-password-1' } });
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Recent' })).toBeVisible();
    await expect(header.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    // The form still works in the app's own rendering.
    await newsletterForm(page).getByRole('button', { name: 'Subscribe' }).click();
    await expect(newsletterForm(page).getByRole('alert')).toHaveText('Please enter your email address');
  });
});

test.describe('newsletter signup', () => {
  test('an empty field says so and sends nothing', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/subscribe-email')) calls.push(request.url());
    });
    await page.goto('/');
    await newsletterForm(page).getByRole('button', { name: 'Subscribe' }).click();
    await expect(newsletterForm(page).getByRole('alert')).toHaveText('Please enter your email address');
    await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page, { label: 'landing with a field error' });
    expect(calls).toEqual([]);
  });

  test('a new address: Subscribing... while busy, then the success message, a cleared field and a confirmation mail', async ({ page, request }) => {
    const email = uniqueEmail('newsletter');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/subscribe-email', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    const field = page.getByLabel('Email address');
    await field.fill(email);
    await newsletterForm(page).getByRole('button', { name: 'Subscribe' }).click();
    await expect(newsletterForm(page).getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
    release();

    const outcome = page.getByTestId('newsletter-outcome');
    await expect(outcome).toHaveText('Almost there: we sent you an email. Click its link to confirm your newsletter subscription.');
    await expect(outcome).toHaveAttribute('role', 'status');
    await expect(field).toHaveValue('');
    const mail = await waitForMail(request, email);
    expect(mail.subject).toBe('Confirm your Fundwire newsletter subscription');
  });

  test('a confirmed address is told it is already subscribed', async ({ page, request }) => {
    const email = uniqueEmail('already');
    expect((await request.post(`${appUrl}/api/subscribe-email`, { data: { email } })).ok()).toBe(true);
    const mail = await waitForMail(request, email);
    const confirmLink = mail.text.match(/https?:\/\/[^\s<>"')\]]+\/newsletter\/confirm\?token=[^\s<>"')\]]+/)?.[0];
    expect(confirmLink, 'the confirmation mail links to /newsletter/confirm').toBeTruthy();
    await page.goto(confirmLink!);
    await expect(page.getByRole('heading', { name: "You're subscribed" })).toBeVisible();

    await page.goto('/');
    await page.getByLabel('Email address').fill(email);
    await newsletterForm(page).getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByTestId('newsletter-outcome')).toHaveText("You're already subscribed to our newsletter!");
    await expect(page.getByTestId('newsletter-outcome')).toHaveAttribute('data-kind', 'info');
  });

  test('a malformed address is refused by the form; the server\u2019s error text, the generic failure and a network failure show', async ({ page }) => {
    await page.goto('/');
    const field = page.getByLabel('Email address');
    const submit = newsletterForm(page).getByRole('button', { name: 'Subscribe' });
    const outcome = page.getByTestId('newsletter-outcome');

    await field.fill('not-an-email');
    await submit.click();
    await expect(newsletterForm(page).getByRole('alert')).toHaveText('Please enter a valid email address');

    await page.route('**/api/subscribe-email', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ error: 'Too many sign-ups from your network. Please try again later.' }) }),
    );
    await field.fill(uniqueEmail('limited'));
    await submit.click();
    await expect(outcome).toHaveText('Too many sign-ups from your network. Please try again later.');
    await expect(outcome).toHaveAttribute('role', 'alert');

    await page.unroute('**/api/subscribe-email');
    await page.route('**/api/subscribe-email', (route) => route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }));
    await submit.click();
    await expect(outcome).toHaveText('Failed to subscribe. Please try again.');

    await page.unroute('**/api/subscribe-email');
    await page.route('**/api/subscribe-email', (route) => route.abort('internetdisconnected'));
    await submit.click();
    await expect(outcome).toHaveText('Something went wrong. Please try again.');
    await expect(field).not.toHaveValue('');
  });
});

test.describe('pricing page', () => {
  test('plan cards from the shared plans, Most Popular on Annual, the included features, and no serious a11y issues', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
    const monthly = page.locator('[data-plan="monthly"]');
    const annual = page.locator('[data-plan="annual"]');
    await expect(monthly).toContainText(PLANS.monthly.name);
    await expect(monthly).toContainText(`$${PLANS.monthly.price}/${PLANS.monthly.period}`);
    await expect(annual).toContainText(`$${PLANS.annual.price}/${PLANS.annual.period}`);
    await expect(annual).toContainText('Most Popular');
    for (const badge of PLANS.annual.badges) await expect(annual).toContainText(badge);
    const included = page.locator('#included');
    for (const feature of ['Real-time saved-search alerts', 'Detailed company profiles', 'Contact information', 'Daily or weekly email digest']) {
      await expect(included).toContainText(feature);
    }
    await expect(monthly.getByRole('button', { name: 'Start 7-day free trial: Monthly plan' })).toBeEnabled();
    await expectNoSeriousA11yViolations(page, { label: 'pricing' });
  });
});

test.describe('legal and footer pages', () => {
  for (const [key, document] of Object.entries(LEGAL_DOCUMENTS)) {
    test(`/${key} shows its text, the day it last changed and the privacy and legal addresses`, async ({ page }) => {
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: key.charAt(0).toUpperCase() + key.slice(1), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${key}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(document.title);
      await expect(page.getByTestId('legal-updated')).toHaveText(`Last updated: ${legalDate(document.updated)}`);
      await expect(page.getByTestId('legal-updated').locator('time')).toHaveAttribute('datetime', document.updated);
      for (const section of document.sections) await expect(page.getByRole('heading', { level: 2, name: section.heading })).toBeVisible();
      await expect(page.getByRole('link', { name: 'privacy@fundwire.example' }).first()).toHaveAttribute('href', 'mailto:privacy@fundwire.example');
      await expect(page.getByRole('link', { name: 'legal@fundwire.example' }).first()).toHaveAttribute('href', 'mailto:legal@fundwire.example');
      await expectNoSeriousA11yViolations(page, { label: key });
    });
  }

  test('the cookie policy names the cookies the server really sets', async ({ page, request }) => {
    const email = uniqueEmail('cookies');
    const signUp = await request.post(`${appUrl}/api/auth/sign-up/email`, { headers: { origin: appUrl }, data: { email, password: 'e2e-password-1', name: 'c' } });
    const cookieNames = signUp.headersArray().filter((header) => header.name.toLowerCase() === 'set-cookie').map((header) => header.value.split('=')[0]!);
    expect(cookieNames.length).toBeGreaterThan(0);
    await page.goto('/cookies');
    for (const name of cookieNames) await expect(page.locator('main')).toContainText(name);
  });

  for (const [name, url, h1] of [
    ['About', '/about', 'About Fundwire'],
    ['Careers', '/careers', 'Careers'],
    ['Blog', '/blog', 'Blog'],
  ] as const) {
    test(`${url} is a real page reached from the footer, not a redirect`, async ({ page }) => {
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${url}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await page.reload();
      await expect(page).toHaveURL(new RegExp(`${url}$`));
      await expectNoSeriousA11yViolations(page, { label: url });
    });
  }

  test('the footer lists Product, Company and Legal, and Features and FAQ reach their landing sections', async ({ page }) => {
    await page.goto('/privacy');
    const footer = page.getByRole('contentinfo');
    for (const column of ['Product', 'Company', 'Legal']) await expect(footer.getByRole('navigation', { name: column })).toBeVisible();
    await footer.getByRole('link', { name: 'Features', exact: true }).click();
    await expect(page).toHaveURL(/\/#features$/);
    await expect(page.locator('#features')).toBeInViewport();
    await page.goto('/terms');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing', exact: true }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });
});

test.describe('findable', () => {
  test('every public page has its own title and meta description, in the HTML the server sends', async ({ request }) => {
    const descriptions = new Set<string>();
    for (const page of PUBLIC_PAGES) {
      const response = await request.get(page.path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html.match(/<title>([^<]*)<\/title>/)?.[1]?.replace(/&amp;/g, '&')).toMatch(page.title);
      const description = html.match(/<meta name="description" content="([^"]+)"/)?.[1] ?? '';
      expect(description.length, `${page.path} description`).toBeGreaterThan(50);
      descriptions.add(description);
      // Prerendered: the heading is in the HTML itself, and no inline script (the CSP allows none).
      expect(html).toContain(page.h1.replace(/'/g, '&#x27;'));
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    }
    expect(descriptions.size).toBe(PUBLIC_PAGES.length);
  });

  test('titles and descriptions follow client-side navigation too', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveTitle(/^Pricing · Fundwire$/);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookies' }).click();
    await expect(page).toHaveTitle(/^Cookie Policy · Fundwire$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /cookies/i);
  });

  test('sitemap.xml lists the public pages under APP_URL; robots.txt points to it and keeps crawlers out of the app', async ({ request }) => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toContain('xml');
    const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(PUBLIC_PAGES.map((page) => `${appUrl}${page.path}`));

    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    const text = await robots.text();
    expect(text).toContain(`Sitemap: ${appUrl}/sitemap.xml`);
    for (const path of ['/dashboard', '/admin', '/api/']) expect(text).toContain(`Disallow: ${path}`);
  });

  test('the landing page needs at most 100 KB of gzipped JavaScript up front, and none of the signed-in app', async () => {
    const landing = measureInitialJs(distDir, 'index.html');
    expect(landing.gzipBytes).toBeLessThanOrEqual(INITIAL_JS_BUDGET_BYTES);
    for (const file of landing.files) expect(file.file).not.toMatch(/dashboard|historical|profile|admin|leads-|sign-in|auth-client/);
  });

  test('/ and /pricing start without React; /free-leads starts with its list, not the app', async () => {
    for (const html of ['index.html', 'pricing/index.html']) {
      const initial = measureInitialJs(distDir, html);
      // Only the menu, the FAQ and the session check: React (react-dom alone is ~60 KB) loads later, if at all.
      expect(initial.gzipBytes, html).toBeLessThan(10 * 1024);
    }
    const freeLeads = measureInitialJs(distDir, 'free-leads/index.html');
    for (const file of freeLeads.files) expect(file.file).not.toMatch(/router|query|dashboard|admin|auth-client|main-/);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/ and /pricing show their content', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PUBLIC_PAGES[0]!.h1);
    await expect(page.getByTestId('testimonial')).toHaveCount(3);
    await expect(page.locator('#pricing [data-plan="annual"]')).toContainText(`$${PLANS.annual.price}`);
    await expect(page.locator('#faq').getByTestId('faq-item')).toHaveCount(6);
    await page.locator('[data-faq="cost"] summary').click();
    await expect(page.locator('[data-faq="cost"]')).toContainText(`$${PLANS.monthly.price}/month`);
    await expect(page.getByRole('contentinfo')).toContainText('Fundwire');

    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
    await expect(page.locator('[data-plan="monthly"]')).toContainText(`$${PLANS.monthly.price}/month`);
    // Subscribing needs an account first: without JavaScript the plan buttons are links to sign-up.
    await expect(page.locator('[data-plan="monthly"]').getByRole('link', { name: 'Start 7-day free trial: Monthly plan' })).toHaveAttribute('href', '/signup?plan=monthly');
    await expect(page.locator('#included')).toContainText('Real-time saved-search alerts');
  });
});

test.describe('375 px screen', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const start of ['/', '/pricing']) {
    test(`the menu opens, closes with Escape, and its links work (starting on ${start})`, async ({ page }) => {
      await page.goto(start);
      const header = page.getByRole('banner');
      const button = header.getByRole('button', { name: 'Menu' });
      const menu = page.locator('#mobile-menu');
      await expect(menu).toBeHidden();
      await expect(header.getByRole('link', { name: 'Get Started' })).toBeVisible();

      await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      await expect(menu).toBeVisible();
      for (const name of ['Pricing', 'Free Leads', 'Sign In']) await expect(menu.getByRole('link', { name })).toBeVisible();
      await expectNoSeriousA11yViolations(page, { label: `${start} with the menu open at 375 px` });

      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(button).toBeFocused();

      await button.click();
      const target = start === '/' ? 'Pricing' : 'Free Leads';
      await menu.getByRole('link', { name: target }).click();
      await expect(page).toHaveURL(start === '/' ? /\/pricing$/ : /\/free-leads$/);
      await expect(page.locator('#mobile-menu')).toBeHidden();
    });

    test(`${start} fits without sideways scrolling`, async ({ page }) => {
      await page.goto(start);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});

test.describe('every public page', () => {
  test('loads without console errors, page errors or requests to other hosts, and passes axe', async ({ page }) => {
    // One test walks every public page and runs axe on each: about 3 s a page on a busy 2-core machine.
    test.setTimeout(90_000);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
    });
    page.on('request', (request) => {
      if (!request.url().startsWith(appUrl) && !request.url().startsWith('data:')) problems.push(`request to ${request.url()}`);
    });
    for (const entry of PUBLIC_PAGES) {
      await page.goto(entry.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(entry.h1);
      await expect(page).toHaveTitle(entry.title);
      if (entry.path === '/free-leads') await expect(page.getByTestId('free-leads-list')).toBeVisible();
      await expectNoSeriousA11yViolations(page, { label: entry.path });
    }
    expect(problems).toEqual([]);
  });
});
