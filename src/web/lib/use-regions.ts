import { useEffect, useState } from 'react';
import type { Region, RegionsResponse } from '../../shared/contracts/site.ts';
import { loadOnce } from './api.ts';

export type { Region };
export type RegionsState = { country: string; status: 'loading' | 'ready' | 'failed'; regions: Region[] };
/** A country's regions that came with the page (the loader's `site.regions`). */
export type RegionsSeed = { country: string; regions: Region[] };

/**
 * A country's regions from /api/regions.php, loaded once per country (loadOnce) for every form that
 * asks. A seed for the country is used as it is: the server rendered the region's name with it, and
 * nothing is asked for (or changes) until the country does.
 */
export function useRegions(country: string, seed?: RegionsSeed): RegionsState {
  const seeded = seed !== undefined && seed.country === country;
  const [state, setState] = useState<RegionsState>({ country: '', status: 'loading', regions: [] });
  useEffect(() => {
    if (!country || seeded) return;
    let current = true;
    setState({ country, status: 'loading', regions: [] });
    loadOnce<RegionsResponse>(`/api/regions.php?country=${encodeURIComponent(country)}`).then(
      (response) => {
        if (current) setState({ country, status: 'ready', regions: response.regions[country] ?? [] });
      },
      () => {
        if (current) setState({ country, status: 'failed', regions: [] });
      },
    );
    return () => {
      current = false;
    };
  }, [country, seeded]);
  if (seeded) return { country, status: 'ready', regions: seed.regions };
  return state.country === country ? state : { country, status: 'loading', regions: [] };
}
