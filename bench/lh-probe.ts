import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox'] });
for (const page of process.argv.slice(2)) {
  const r = await lighthouse(`http://127.0.0.1:3917${page}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
  const lhr = r!.lhr;
  console.log(page, 'perf', lhr.categories.performance!.score, 'a11y', lhr.categories.accessibility!.score);
  for (const a of Object.values(lhr.audits)) if (a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable') console.log('  ', a.id, a.score, a.displayValue ?? '');
  const lcp = lhr.audits['largest-contentful-paint-element'] as any;
  console.log('  LCP element', JSON.stringify(lcp?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? lcp?.details?.items?.[0]).slice(0, 300));
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index', 'cumulative-layout-shift']) console.log('  ', id, lhr.audits[id]!.displayValue);
}
await chrome.kill();
