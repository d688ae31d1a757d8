// What every islands entry shares: a prerendered public page runs only the few parts that need
// JavaScript, and hands the page over to the whole app when someone is signed in (their header,
// their plan), so visitors never pay for the app. See docs/decisions/010-landing-page-islands.md.
const SESSION_URL = '/api/auth/get-session';

/** True when better-auth says someone is signed in (200 with a session; `null` means nobody). A failed check counts as signed out. */
export async function hasSession(): Promise<boolean> {
  try {
    const response = await fetch(SESSION_URL, { credentials: 'include', headers: { Accept: 'application/json' } });
    return response.ok && (await response.json()) !== null;
  } catch {
    return false;
  }
}

/** Renders the whole app over #root, which shows the same page. Unmount the page's islands first. */
export async function startWholeApp(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) return;
  const { startApp } = await import('../app/start');
  await startApp(container, 'render');
}
