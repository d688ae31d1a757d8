// Accessibility check for any screen: axe-core's WCAG 2.x A/AA and best-practice rules, failing on
// serious or critical violations and listing each with the elements it found.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const FAILING_IMPACTS = new Set(['serious', 'critical']);

export async function expectNoSeriousA11yViolations(page: Page, options: { include?: string; label?: string } = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
  if (options.include) builder = builder.include(options.include);
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
