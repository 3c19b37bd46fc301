import type { Region } from '../../lib/use-regions.ts';

/** The options of a region select (sign-up, profile, search): the empty choice first, then the regions. */
export function RegionOptions({ regions, placeholder }: { regions: readonly Region[]; placeholder: string }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {regions.map((region) => (
        <option key={region.code} value={region.code}>
          {region.name}
        </option>
      ))}
    </>
  );
}
