import { useEffect, useState } from 'react';
import type { RegionsResponse } from '../../shared/contracts/site.ts';
import { loadOnce } from './api.ts';

export type Region = { code: string; name: string };
export type RegionsState = { country: string; status: 'loading' | 'ready' | 'failed'; regions: Region[] };

/** A country's regions from /api/regions.php, loaded once per country (loadOnce) for every form that asks. */
export function useRegions(country: string): RegionsState {
  const [state, setState] = useState<RegionsState>({ country: '', status: 'loading', regions: [] });
  useEffect(() => {
    if (!country) return;
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
  }, [country]);
  return state.country === country ? state : { country, status: 'loading', regions: [] };
}
