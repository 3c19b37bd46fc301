export const LEGAL_PAGES = ['ban', 'cookies', 'faq', 'privacy', 'return-policy', 'service', 'terms'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

export function isLegalPage(value: string | undefined): value is LegalPage {
  return (LEGAL_PAGES as readonly string[]).includes(value ?? '');
}

export type LegalBlock = { type: 'p'; text: string } | { type: 'ul'; items: string[] };

/** Texts separate paragraphs with a blank line; a paragraph of "- " lines is a list. */
export function toBlocks(body: string): LegalBlock[] {
  return body
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk) => {
      const lines = chunk.split('\n').map((l) => l.trim());
      if (lines.every((l) => l.startsWith('- ')))
        return { type: 'ul' as const, items: lines.map((l) => l.slice(2)) };
      return { type: 'p' as const, text: lines.join(' ') };
    });
}
