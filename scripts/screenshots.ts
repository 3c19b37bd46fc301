import { chromium } from 'playwright-core';

/** Screenshots of pages at smartphone and desktop width: `node scripts/screenshots.ts http://localhost:3000 / /pricing`. */
const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
for (const width of [375, 1280]) {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 812 : 900 },
    extraHTTPHeaders: { 'x-test-geoip-country': process.env.COUNTRY ?? 'FR' },
  });
  const page = await context.newPage();
  // LOGIN=email:password takes the screenshots as that member.
  if (process.env.LOGIN) {
    const [email, password] = process.env.LOGIN.split(':');
    await page.request.post(`${base}/api/user.php`, { data: { email, password } });
  }
  for (const p of paths.length ? paths : ['/']) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    const file = `/tmp/shot-${width}${p.replace(/\W+/g, '_')}.png`;
    await page.screenshot({ path: file, fullPage: process.env.FULL === '1' });
    console.log(file);
  }
  await context.close();
}
await browser.close();
