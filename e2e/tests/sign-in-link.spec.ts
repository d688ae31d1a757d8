// "Email me a sign-in link" (issue 29 item 7): from the sign-in page to a signed-in session with the mailed link
// and the password, at phone width, by keyboard.
import { createAccount, expect, test, uniqueEmail, waitForMail } from '../support/fixtures.js';

test.use({ viewport: { width: 375, height: 740 } });

test('the sign-in page mails a one-time link that, with the password, signs in', async ({ page, request }) => {
  const account = await createAccount(request, uniqueEmail('link'));
  await page.goto('/signin');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'we sent it a sign-in link' })).toBeVisible();

  const mail = await waitForMail(request, account.email);
  expect(mail.subject).toBe('Your Fundwire sign-in link');
  const link = mail.text.match(/https?:\/\/\S+\/signin\/link\?token=\S+/)?.[0];
  expect(link).toBeDefined();

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Finish signing in' })).toBeVisible();
  // A wrong password is refused on the page, and the link keeps working.
  await page.getByLabel('Password').fill('not the password');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.getByLabel('Password').fill(account.password);
  await page.keyboard.press('Enter');
  // Signed in: /dashboard, which sends an account without a subscription on to /pricing.
  await expect(page).toHaveURL(/\/(dashboard|pricing)$/);
  const me = (await (await page.request.get('/api/me')).json()) as { user: { email: string } };
  expect(me.user.email).toBe(account.email);

  // The link worked once.
  await page.goto(link!);
  await page.getByLabel('Password').fill(account.password);
  await page.keyboard.press('Enter');
  await expect(page.getByText('This sign-in link is not valid or has expired.')).toBeVisible();
});
