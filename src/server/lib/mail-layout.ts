import { escapeHtml } from './html.ts';

/**
 * The frame every mail of the site shares: the site's name over a white card on the site's tint.
 * Tables and inline styles, because mail clients drop style sheets and ignore most layout CSS.
 * `content` (the card's text) and `footer` (rows under it) are HTML, escaped by the caller.
 */
export function mailHtml(mail: {
  locale: string;
  siteName: string;
  content: string;
  footer?: string;
}): string {
  return `<!doctype html><html lang="${mail.locale}"><body style="margin:0;background:#fbf3f6;font-family:Arial,Helvetica,sans-serif;color:#212529">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:12px;padding:32px;max-width:560px">
<tr><td style="font-size:22px;font-weight:bold;color:#b3124f;padding-bottom:16px">${escapeHtml(mail.siteName)}</td></tr>
<tr><td style="font-size:16px;line-height:1.5">
${mail.content}
</td></tr>${mail.footer ?? ''}</table></td></tr></table></body></html>`;
}

/** A mail's call to action: the link as a button. */
export const mailButton = (link: string, label: string): string =>
  `<p style="text-align:center;padding:16px 0"><a href="${escapeHtml(link)}" style="background:#b3124f;color:#fff;text-decoration:none;padding:14px 28px;border-radius:8px;font-weight:bold;display:inline-block">${escapeHtml(label)}</a></p>`;
