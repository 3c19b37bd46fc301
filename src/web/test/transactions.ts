import type { Transaction } from '../../shared/contracts/transactions.ts';

/** A paid iDEAL purchase of the Starter package as /api/transactions.php lists it, numbered `n`. */
export const paidTransaction = (n: number, amount = 1210): Transaction =>
  ({
    payment_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    package: 'p1',
    credits: 40,
    amount,
    vat: 210,
    vat_rate_bp: 2100,
    currency: 'EUR',
    method: 'ideal',
    status: 'paid',
    country: 'NL',
    created_at: '2026-11-20T12:00:00.000Z',
    refunded_at: null,
    charged_back_at: null,
    discount: null,
  }) as Transaction;
