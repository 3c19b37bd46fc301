import { createHash } from 'node:crypto';
import { LOCALES, type Locale } from '../../../shared/i18n/locales.ts';
import type { Translate } from '../../../shared/i18n/translator.ts';

// The page stands alone: it is shown when nothing else can be fetched, so its style, logo and
// script are inline (no stylesheet or bundle the worker would have to keep too).
const STYLE = `*{box-sizing:border-box}html,body{height:100%;margin:0}
body{display:flex;align-items:center;justify-content:center;padding:1.5rem;background:#fff7fa;color:#212529;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5}
main{max-width:26rem;width:100%;text-align:center;background:#fff;border-radius:1rem;padding:2rem 1.5rem;
box-shadow:0 .5rem 1.5rem rgba(179,18,79,.12)}
.brand{display:flex;align-items:center;justify-content:center;gap:.5rem;margin:0 0 1.5rem;font-weight:700;
font-size:1.25rem;color:#b3124f}
h1{font-size:1.5rem;margin:0 0 .75rem}p{margin:0 0 1.5rem;color:#495057}
button{font:inherit;font-weight:600;color:#fff;background:#b3124f;border:0;border-radius:.5rem;padding:.75rem 1.5rem;
min-height:44px;cursor:pointer}button:hover{background:#8f0e3f}button:focus-visible{outline:3px solid #ff5c8a;outline-offset:2px}`;
const SCRIPT = `document.getElementById('retry').addEventListener('click',function(){location.reload()});`;

const HEART =
  '<svg aria-hidden="true" width="32" height="32" viewBox="0 0 32 32"><path d="M16 28s-11-6.9-11-15.1C5 8.5 8.3 5.5 12 5.5c1.9 0 3.3.9 4 2.1.7-1.2 2.1-2.1 4-2.1 3.7 0 7 3 7 7.4C27 21.1 16 28 16 28z" fill="#b3124f"/></svg>';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Only the page's own inline style and script run; it loads nothing. */
export const OFFLINE_PAGE_CSP = [
  "default-src 'none'",
  `style-src ${sha256(STYLE)}`,
  `script-src ${sha256(SCRIPT)}`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** "You are offline" in the member's language, with a button that tries the page again. No member data. */
export function renderOfflinePage({
  locale,
  siteName,
  t,
}: {
  locale: Locale;
  siteName: string;
  t: Translate;
}) {
  const title = escapeHtml(t('offline.title'));
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#b3124f"><meta name="robots" content="noindex">
<title>${title} · ${escapeHtml(siteName)}</title><style>${STYLE}</style></head>
<body><main><p class="brand">${HEART}<span>${escapeHtml(siteName)}</span></p>
<h1>${title}</h1><p>${escapeHtml(t('offline.text'))}</p>
<button type="button" id="retry">${escapeHtml(t('offline.retry'))}</button></main>
<script>${SCRIPT}</script></body></html>
`;
}

/**
 * A fingerprint of every language's offline page, written into the service worker's code: a change
 * of the texts or the page makes browsers take the worker again, which fetches the pages anew.
 */
export function offlinePagesVersion(t: (locale: Locale) => Translate): string {
  const hash = createHash('sha256');
  for (const locale of LOCALES) hash.update(renderOfflinePage({ locale, siteName: '', t: t(locale) }));
  return hash.digest('hex').slice(0, 12);
}
