import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../shared/i18n/locales/en/common.json' with { type: 'json' };
import { I18nProvider } from '../../lib/i18n.tsx';
import { AdminFilterForm, FilterField, FilterSelect } from './admin-filter-form.tsx';

function renderFilters(invalid?: boolean) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <I18nProvider locale="en" messages={en}>
          <AdminFilterForm label="Filters" submitLabel="Search" invalid={invalid}>
            <FilterSelect id="status" label="Status" defaultValue="closed">
              <option value="open">Open</option>
              <option value="closed">Closed</option>
            </FilterSelect>
            <FilterField id="target" label="Target" defaultValue="staff:1" />
          </AdminFilterForm>
        </I18nProvider>
      ),
    },
  ]);
  return render(<RouterProvider router={router} />);
}

describe('AdminFilterForm', () => {
  afterEach(cleanup);

  it('is a named GET form whose fields are the address, the search button last', async () => {
    await act(async () => renderFilters());
    const form = screen.getByRole('form', { name: 'Filters' });
    expect(form.getAttribute('method')).toBe('get');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).name).toBe('status');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('closed');
    expect((screen.getByLabelText('Target') as HTMLInputElement).name).toBe('target');
    // The grid's gap spaces the fields: no margin of their own.
    expect(screen.getByLabelText('Target').parentElement?.className).toBe('mb-0');
    const search = screen.getByRole('button', { name: 'Search' });
    expect(search.getAttribute('type')).toBe('submit');
    expect(form.querySelector('.admin-filters')?.lastElementChild?.contains(search)).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says that the filters in the address were refused', async () => {
    await act(async () => renderFilters(true));
    expect(screen.getByRole('alert').textContent).toBe(en.errors.validation_failed);
  });
});
