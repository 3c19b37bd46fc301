import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** Fails on serious or critical accessibility violations of the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, bad.join('\n')).toEqual([]);
}

type Fixtures = { country: string | undefined };

/**
 * Visitors come from France unless a test says otherwise, so the NL/DE entry warning stays out of the way; the server honours the
 * header only when ALLOW_TEST_GEOIP is set (the e2e server does, production never).
 */
export const test = base.extend<Fixtures>({
  country: [undefined, { option: true }],
  context: async ({ context, country }, use) => {
    await context.setExtraHTTPHeaders({ 'x-test-geoip-country': country ?? 'FR' });
    await use(context);
  },
});

export { expect };
