import fs from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Chromium features the journeys turn off besides Playwright's own. Since Chromium 15x every browser
 * window, so every context a journey opens, preloads its address bar's suggestion popup as two WebUI
 * pages, each a renderer process of its own that no journey ever shows: about 1.1 CPU-seconds of
 * the 2.1 a context cost (docs/performance.md, "What a journey's step costs in CPU").
 */
const JOURNEYS_DISABLED = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * Playwright's own list of disabled features, as its Chromium switches name it. Chromium obeys the
 * last `--disable-features` it is given, so the journeys' flag repeats Playwright's list rather than
 * replacing it; the list is read from the installed Playwright so that it follows an upgrade.
 */
function playwrightDisabledFeatures(): string[] {
  const bundle = createRequire(import.meta.url).resolve('playwright-core/lib/coreBundle');
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(
    fs.readFileSync(bundle, 'utf8'),
  )?.[1];
  const names = list?.match(/^\s*"(\w+)"/gm)?.map((line) => line.trim().slice(1, -1));
  if (!names?.length)
    throw new Error(
      `Playwright's disabled Chromium features were not found in ${bundle}: read how its chromiumSwitches name them now and update e2e/chromium-flags.ts`,
    );
  return names;
}

/** The journeys' `--disable-features`: Playwright's list and ours. */
export const disableFeaturesFlag = `--disable-features=${[...playwrightDisabledFeatures(), ...JOURNEYS_DISABLED].join(',')}`;
