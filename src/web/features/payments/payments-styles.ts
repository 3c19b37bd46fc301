import { stylesheetLinks } from '../../lib/stylesheets.ts';
import paymentsStyles from '../../styles/payments.scss?url';

/** The payment pages' `links` (/premium, /credits and its steps, /directdebit): their stylesheet. */
export const paymentsLinks = stylesheetLinks(paymentsStyles);
