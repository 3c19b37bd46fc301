import { describe, expect, it } from 'vitest';
import { formatUnitPrice } from './format.ts';

// Intl separates the symbol with a no-break space: compared with ordinary spaces.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('a price per credit or per message', () => {
  it('has two decimals in the member’s language and currency, rounded to the cent', () => {
    expect(plain(formatUnitPrice(1121 / 100, 'EUR', 'nl'))).toBe('€ 0,11');
    expect(plain(formatUnitPrice(1495 / 100, 'EUR', 'nl'))).toBe('€ 0,15');
    expect(plain(formatUnitPrice(20, 'EUR', 'de'))).toBe('0,20 €');
    expect(plain(formatUnitPrice(1345 / 100, 'GBP', 'en'))).toBe('£0.13');
    expect(plain(formatUnitPrice(6995 / 100, 'PLN', 'pl'))).toBe('0,70 zł');
  });
});
