import { useCountryName } from '../../lib/use-country-name.ts';

/**
 * The options of a country select (sign-up, search, the back office), named in the page's
 * language; the empty choice first where the select has one.
 */
export function CountryOptions({ codes, placeholder }: { codes: readonly string[]; placeholder?: string }) {
  const countryName = useCountryName();
  return (
    <>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {codes.map((code) => (
        <option key={code} value={code}>
          {countryName(code)}
        </option>
      ))}
    </>
  );
}
