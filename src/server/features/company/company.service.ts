import { z } from 'zod';
import type { CompanyInfo } from '../../../shared/contracts/site.ts';
import type { Database } from '../../db/client.ts';
import { defineState } from '../../feature.ts';
import { readAppConfig, writeAppConfig } from '../../lib/app-config.ts';
import type { AppServices } from '../../services.ts';

const StoredCompanySchema = z.object({
  name: z.string().min(1),
  address: z.string().min(1),
  kvk: z.string().min(1),
  city: z.string().min(1),
  country: z.string().min(1),
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
  support_phone: z.string().min(1),
  delete_discount: z.number().int().min(0).max(100),
});
type StoredCompany = z.infer<typeof StoredCompanySchema>;

const DEFAULT_COMPANY: StoredCompany = {
  name: 'Liefdesplein B.V.',
  address: 'Herengracht 420',
  kvk: '87654321',
  city: '1017 BZ Amsterdam',
  country: 'Nederland',
  tradenames: ['Liefdesplein', 'Liefdesplein.nl'],
  vat_numbers: ['NL864213579B01'],
  support_phone: '+31 20-820 4455',
  delete_discount: 50,
};

/** Spaces and hyphens go when the number is dialled or used in a tel: link. */
function phoneNumberForDialling(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}

export type CompanyStore = {
  get: () => Promise<CompanyInfo>;
  update: (patch: Partial<StoredCompany>) => Promise<CompanyInfo>;
};

function createCompanyStore(db: Database): CompanyStore {
  let cached: Promise<CompanyInfo> | undefined;
  const load = async (): Promise<CompanyInfo> => {
    const stored = await readAppConfig(db, 'company');
    const parsed = StoredCompanySchema.safeParse({ ...DEFAULT_COMPANY, ...(stored ?? {}) });
    const company = parsed.success ? parsed.data : DEFAULT_COMPANY;
    return { ...company, support_phone_number: phoneNumberForDialling(company.support_phone) };
  };
  return {
    get: () => {
      cached ??= load().catch((error) => {
        cached = undefined;
        throw error;
      });
      return cached;
    },
    update: async (patch) => {
      const current = await load();
      const next = StoredCompanySchema.parse({ ...current, ...patch });
      await writeAppConfig(db, 'company', next);
      cached = undefined;
      return load();
    },
  };
}

/** The app's company store, its read cached (company.feature.ts lists it). */
export const companyStoreState = defineState('company.store', (services) => createCompanyStore(services.db));

export function companyOf(services: Pick<AppServices, 'state'>): CompanyStore {
  return services.state.of(companyStoreState);
}
