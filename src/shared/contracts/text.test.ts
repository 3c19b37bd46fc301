import { describe, expect, it } from 'vitest';
import { ComplaintInputSchema } from './site.ts';
import { INVALID_CHARACTERS, multilineText, plainText } from './text.ts';

const issuesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

describe('plainText', () => {
  const schema = plainText().max(20);

  it('refuses NUL and every other control character, and unpaired surrogates', () => {
    for (const bad of ['a\u0000b', 'a\nb', 'a\tb', 'a\rb', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\ud800b']) {
      expect(issuesOf(schema.safeParse(bad)), JSON.stringify(bad)).toEqual([INVALID_CHARACTERS]);
    }
  });

  it('keeps letters of every script, emoji and spaces, and trims', () => {
    expect(schema.parse('  Łódź ❤️ 東京 ')).toBe('Łódź ❤️ 東京');
    expect(schema.parse('Utrecht\n')).toBe('Utrecht');
  });

  it('leaves the field its own rules', () => {
    expect(issuesOf(schema.safeParse('x'.repeat(21)))).toHaveLength(1);
  });
});

describe('multilineText', () => {
  const schema = multilineText();

  it('allows line breaks and tabs inside the text', () => {
    expect(schema.parse('Hallo,\r\n\tik ben Jan.\n\nGroet')).toBe('Hallo,\r\n\tik ben Jan.\n\nGroet');
  });

  it('refuses NUL and the other control characters', () => {
    for (const bad of ['a\u0000b', 'a\u0008b', 'a\u000bb', 'a\u001fb', 'a\u009bb', 'a\udc00b']) {
      expect(issuesOf(schema.safeParse(bad)), JSON.stringify(bad)).toEqual([INVALID_CHARACTERS]);
    }
  });
});

describe('the contracts use them', () => {
  it('a complaint with a NUL in its name or message is refused with the code', () => {
    const complaint = {
      name: 'Jan',
      email: 'jan@example.nl',
      subject: 'other',
      message: 'Een klacht van meer dan twintig tekens.',
    };
    const result = ComplaintInputSchema.safeParse({
      ...complaint,
      name: 'J\u0000an',
      message: 'x\u0000'.repeat(20),
    });
    expect(result.success).toBe(false);
    expect(result.error?.flatten().fieldErrors).toEqual({
      name: [INVALID_CHARACTERS],
      message: [INVALID_CHARACTERS],
    });
    expect(
      ComplaintInputSchema.parse({ ...complaint, message: `${complaint.message}\nRegel twee.` }).message,
    ).toContain('\n');
  });
});
