import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox'] });
const r = await lighthouse(`http://127.0.0.1:3917${process.argv[2]}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
const lhr = r!.lhr as any;
console.log(JSON.stringify(lhr.audits['layout-shifts']?.details?.items, null, 1)?.slice(0, 2500));
console.log(JSON.stringify(lhr.audits['heading-order']?.details?.items, null, 1)?.slice(0, 800));
console.log(JSON.stringify(lhr.audits['network-dependency-tree-insight']?.details, null, 0)?.slice(0, 1500));
await chrome.kill();
