// Accessibility check for any screen: axe-core's WCAG 2.x A/AA and best-practice rules, failing on
// serious or critical violations and listing each with the elements it found.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const FAILING_IMPACTS = new Set(['serious', 'critical']);

// axe-core's source, run only where the page has none yet: AxeBuilder evaluates it before every check and again per frame.
const axeSource = `if (!window.axe) {\n${readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')}\n}`;

export async function expectNoSeriousA11yViolations(page: Page, options: { include?: string; exclude?: string; label?: string } = {}): Promise<void> {
  // Legacy mode runs axe.run() in the page itself. The default mode opens a new page in the context for every check
  // to merge per-frame results there, about half of what a check cost; what it adds is checking cross-origin frames,
  // and the app has no frames.
  let builder = new AxeBuilder({ page, axeSource })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .setLegacyMode();
  if (options.include) builder = builder.include(options.include);
  if (options.exclude) builder = builder.exclude(options.exclude);
  const results = await builder.analyze();
  const failing = results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  expect(failing, `serious or critical accessibility violations on ${options.label ?? page.url()}`).toEqual([]);
}
