import type { Readable } from 'node:stream';
import { type HeaderValue, simpleParser } from 'mailparser';

/** What a received mail says about a mail of ours: a bounce (hard or soft) or a spam complaint. */
export type InboundReport =
  | {
      kind: 'hard' | 'soft' | 'complaint';
      /** The DSN's status (5.1.1) or the report's feedback type (abuse). */
      detail: string;
      /** Addresses that may be a mail's return path (VERP), most trusted first. */
      returnPaths: string[];
    }
  | { kind: 'ignored'; reason: string };

/** More is not a bounce or a report of ours: a DSN quotes the headers, an ARF at most one mail. */
export const INBOUND_MAX_BYTES = 1_000_000;

const text = (value: HeaderValue | undefined): string | undefined => {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'text' in value && typeof value.text === 'string')
    return value.text;
  return undefined;
};

/**
 * A block of header fields (a DSN's per-recipient fields, an ARF's report, a quoted mail's head) as
 * a map of lower-case names, read by the same parser as the mail, folding and encodings included.
 */
async function fieldsOf(block: string): Promise<Map<string, HeaderValue>> {
  return (await simpleParser(`${block.trim()}\r\n\r\n`, { skipHtmlToText: true, skipTextToHtml: true }))
    .headers;
}

/** A bounce address as the mails carry it (bounce-address.ts), wherever a report quotes it. */
const VERP_CANDIDATE = /bounce\+\d{1,15}\.[0-9a-f]{8,64}@[a-z0-9.-]+/gi;

async function buffered(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    // Read to the end (the SMTP server answers after it), keeping no more than a report needs.
    size += (chunk as Buffer).length;
    if (size <= INBOUND_MAX_BYTES) chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The address of `rfc822; someone@example.org` (a DSN's recipient, an ARF's original sender). */
const addressOfTyped = (value: string | undefined) =>
  value
    ?.replace(/^\s*rfc822\s*;/i, '')
    .trim()
    .replace(/^<|>$/g, '') || undefined;

/**
 * Reads a received mail with mailparser: a delivery status notification (RFC 3464, a
 * multipart/report of delivery-status) gives a bounce by its worst recipient status, 5.x.x hard or
 * 4.x.x soft; a feedback report (RFC 5965, of feedback-report) of type abuse gives a complaint.
 * Anything else is ignored. The return paths come from the envelope's recipients first (a bounce is
 * sent to the failed mail's envelope sender), then from what the report quotes of our mail.
 */
export async function readInboundMail(
  source: Buffer | string | Readable,
  envelopeRecipients: readonly string[],
): Promise<InboundReport> {
  const raw =
    typeof source === 'string'
      ? Buffer.from(source)
      : Buffer.isBuffer(source)
        ? source
        : await buffered(source);
  const mail = await simpleParser(raw, {
    keepDeliveryStatus: true,
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipImageLinks: true,
  });
  // A structured header: its value and parameters (report-type), as the parser gives it.
  const contentType = mail.headers.get('content-type') as { params?: Record<string, string> } | undefined;
  const reportType = contentType?.params?.['report-type']?.toLowerCase();
  const part = (type: string) => mail.attachments.find((a) => a.contentType.toLowerCase() === type);
  // The quoted mail (its Return-Path, added where it was delivered) is an attachment, or, marked
  // inline, taken apart into the report's text by the parser: the signed addresses are looked for
  // in the raw mail and in every decoded part, and only one that verifies names anybody.
  const quotedText = [
    raw.toString('utf8'),
    mail.text ?? '',
    ...mail.attachments.map((a) => a.content.toString('utf8')),
  ];
  const returnPaths = [...envelopeRecipients];
  for (const found of quotedText.join('\n').matchAll(VERP_CANDIDATE)) {
    if (!returnPaths.includes(found[0])) returnPaths.push(found[0]);
  }

  if (reportType === 'delivery-status') {
    const status = part('message/delivery-status');
    if (!status) return { kind: 'ignored', reason: 'report without delivery-status' };
    // The first block is about the message, each next one about a recipient.
    const blocks = status.content
      .toString('utf8')
      .split(/\r?\n\s*\r?\n/)
      .slice(1);
    const statuses: string[] = [];
    for (const block of blocks) {
      const code = text((await fieldsOf(block)).get('status'))
        ?.match(/^\s*([245])\.\d{1,3}\.\d{1,3}/)?.[0]
        .trim();
      if (code) statuses.push(code);
    }
    const hard = statuses.find((s) => s.startsWith('5'));
    const soft = statuses.find((s) => s.startsWith('4'));
    if (hard) return { kind: 'hard', detail: hard, returnPaths };
    if (soft) return { kind: 'soft', detail: soft, returnPaths };
    return {
      kind: 'ignored',
      reason: `delivery status without a failure (${statuses.join(', ') || 'none'})`,
    };
  }
  if (reportType === 'feedback-report') {
    const report = part('message/feedback-report');
    if (!report) return { kind: 'ignored', reason: 'report without feedback-report' };
    const fields = await fieldsOf(report.content.toString('utf8'));
    const type = text(fields.get('feedback-type'))?.trim().toLowerCase();
    if (type !== 'abuse') return { kind: 'ignored', reason: `feedback type ${type ?? 'missing'}` };
    const originalFrom = addressOfTyped(text(fields.get('original-mail-from')));
    if (originalFrom) returnPaths.splice(envelopeRecipients.length, 0, originalFrom);
    return { kind: 'complaint', detail: type, returnPaths };
  }
  return { kind: 'ignored', reason: `not a report (${reportType ?? 'no report-type'})` };
}
