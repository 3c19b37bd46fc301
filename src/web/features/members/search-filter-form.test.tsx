import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import common from '../../../shared/i18n/locales/en/common.json' with { type: 'json' };
import members from '../../../shared/i18n/locales/en/members.json' with { type: 'json' };
import { I18nProvider } from '../../lib/i18n.tsx';
import { SearchFilterForm } from './search-filter-form.tsx';
import type { SearchFilters } from './search-filters.ts';

const ALL = ['gender', 'country', 'countryregion', 'min_age', 'max_age'];
const REGIONS = {
  country: 'NL',
  regions: [
    { code: 'NL-UT', name: 'Utrecht' },
    { code: 'NL-NH', name: 'Noord-Holland' },
  ],
};

function form(filters: SearchFilters, onSearch: (filters: SearchFilters) => void = () => {}) {
  return (
    <MemoryRouter>
      <I18nProvider locale="en" messages={{ ...common, ...members }}>
        <SearchFilterForm
          filters={filters}
          offered={ALL}
          countries={['NL', 'BE']}
          minAge={18}
          busy={false}
          canClear
          clearTo="/members?gender=male"
          regionsSeed={REGIONS}
          onSearch={onSearch}
        />
      </I18nProvider>
    </MemoryRouter>
  );
}

describe('the search filter form', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('comes from the server with the search chosen, so the GET form sends it without JavaScript', () => {
    const html = renderToString(
      form({ gender: 'female', country: 'NL', countryregion: 'NL-UT', min_age: 25, max_age: 40 }),
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const chosen = (name: string) =>
      doc
        .querySelector<HTMLSelectElement>(`form[method="get"][action="/members"] select[name="${name}"]`)
        ?.querySelector('option[selected]')
        ?.getAttribute('value');
    expect(ALL.map(chosen)).toEqual(['female', 'NL', 'NL-UT', '25', '40']);
  });

  it('refuses a reversed age range with the shared text, and searches once it is put right', async () => {
    const onSearch = vi.fn();
    render(form({ gender: 'female' }, onSearch));
    fireEvent.change(screen.getByLabelText(members.search.min_age), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText(members.search.max_age), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: members.search.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(common.validation.age_range_invalid);
    expect(screen.getByLabelText(members.search.max_age).getAttribute('aria-invalid')).toBe('true');
    expect(onSearch).not.toHaveBeenCalled();
    // Lowering the minimum puts the range right: the text goes.
    fireEvent.change(screen.getByLabelText(members.search.min_age), { target: { value: '25' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: members.search.submit }));
    await waitFor(() =>
      expect(onSearch).toHaveBeenCalledWith({ gender: 'female', min_age: 25, max_age: 30 }),
    );
  });

  it('drops the region when the country changes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ regions: { BE: [{ code: 'BE-VAN', name: 'Antwerpen' }] } })),
    );
    const onSearch = vi.fn();
    render(form({ country: 'NL', countryregion: 'NL-UT' }, onSearch));
    expect((screen.getByLabelText(members.search.region) as HTMLSelectElement).value).toBe('NL-UT');
    fireEvent.change(screen.getByLabelText(members.search.country), { target: { value: 'BE' } });
    await waitFor(() =>
      expect((screen.getByLabelText(members.search.region) as HTMLSelectElement).disabled).toBe(false),
    );
    expect((screen.getByLabelText(members.search.region) as HTMLSelectElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: members.search.submit }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ country: 'BE' }));
  });
});
