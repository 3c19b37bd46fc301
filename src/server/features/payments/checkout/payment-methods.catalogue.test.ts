import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../../shared/contracts/payments.ts';
import { mollieTakes } from '../providers/mollie.ts';
import { METHOD_REACH, methodsFor } from './payment-methods.catalogue.ts';

/** A provider that takes every method in every currency (the test gateway). */
const EVERY = { takes: (_method: PaymentMethod) => true };
/** Mollie's own table: not giropay (ended 2024), not Sofort (ended 2025), not Nexi; paysafecard in euros. */
const MOLLIE_LIKE = { takes: mollieTakes };

describe('the method catalogue', () => {
  it('knows every method of the spec', () => {
    expect(Object.keys(METHOD_REACH).sort()).toEqual([...PAYMENT_METHODS].sort());
  });

  it("puts the country's own methods first", () => {
    expect(methodsFor('NL', 'EUR', EVERY)[0]).toBe('ideal');
    expect(methodsFor('BE', 'EUR', EVERY)[0]).toBe('bancontact');
    expect(methodsFor('PL', 'PLN', EVERY).slice(0, 2)).toEqual(['blik', 'prezelewy24']);
    expect(methodsFor('FR', 'EUR', EVERY)[0]).toBe('cartebancaire');
    expect(methodsFor('IT', 'EUR', EVERY)[0]).toBe('nexi');
    expect(methodsFor('AT', 'EUR', EVERY).slice(0, 2)).toEqual(['eps', 'sofort']);
  });

  it('offers giropay and Sofort only through a provider that still takes them', () => {
    expect(methodsFor('DE', 'EUR', EVERY)).toEqual(expect.arrayContaining(['giropay', 'sofort']));
    const mollie = methodsFor('DE', 'EUR', MOLLIE_LIKE);
    expect(mollie).not.toContain('giropay');
    expect(mollie).not.toContain('sofort');
    expect(mollie).toEqual(expect.arrayContaining(['creditcard', 'paypal', 'sct']));
    // Mollie takes a method only in the currencies it takes it in.
    expect(methodsFor('CH', 'CHF', MOLLIE_LIKE)).not.toContain('paysafecard');
    expect(methodsFor('IT', 'EUR', MOLLIE_LIKE)).not.toContain('nexi');
  });

  it('keeps euro bank methods to euro countries, and direct debit to where its mandate flow runs', () => {
    const swiss = methodsFor('CH', 'CHF', EVERY);
    expect(swiss).not.toContain('sct');
    expect(swiss).toEqual(expect.arrayContaining(['creditcard', 'maestro', 'paypal', 'paysafecard']));
    expect(methodsFor('GB', 'GBP', EVERY)).not.toContain('ideal');
    for (const country of ['NL', 'DE', 'FR']) {
      expect(methodsFor(country, 'EUR', EVERY)).not.toContain('sdd');
      expect(methodsFor(country, 'EUR', EVERY, { directDebit: true })).toContain('sdd');
    }
    expect(methodsFor('CH', 'CHF', EVERY, { directDebit: true })).not.toContain('sdd');
    // A Polish member paying in euro (settings may say so) keeps Przelewy24, not BLIK.
    const polishEuro = methodsFor('PL', 'EUR', EVERY);
    expect(polishEuro).toContain('prezelewy24');
    expect(polishEuro).not.toContain('blik');
  });
});
