import { useMemo } from 'react';
import { useTranslation } from './i18n.tsx';

/** Country names in the page's language from the browser's own data (no texts to ship). */
export function useCountryName(): (code: string) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    } catch {
      names = undefined;
    }
    return (code: string) => {
      try {
        return names?.of(code) ?? code;
      } catch {
        return code;
      }
    };
  }, [i18n.language]);
}

/**
 * A member's place as every card writes it: the city, then the country's name in the page's
 * language ("Sligo, Ierland", never "Sligo, IE").
 */
export function usePlaceName(): (
  city: string | null | undefined,
  country: string | null | undefined,
) => string {
  const countryName = useCountryName();
  return (city, country) => [city, country ? countryName(country) : null].filter(Boolean).join(', ');
}
