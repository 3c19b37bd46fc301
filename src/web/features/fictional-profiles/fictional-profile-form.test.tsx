import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../shared/i18n/locales/en/common.json' with { type: 'json' };
import fictional from '../../../shared/i18n/locales/en/fictional.json' with { type: 'json' };
import profile from '../../../shared/i18n/locales/en/profile.json' with { type: 'json' };
import { ApiError } from '../../lib/api.ts';
import { I18nProvider } from '../../lib/i18n.tsx';
import { PageTexts } from '../../lib/page-texts.tsx';
import { type FictionalProfileBody, FictionalProfileForm } from './fictional-profile-form.tsx';

afterEach(cleanup);

function renderForm(onSubmit: (body: FictionalProfileBody) => Promise<void>) {
  render(
    <I18nProvider locale="en" messages={en}>
      <PageTexts messages={profile}>
        <PageTexts messages={fictional}>
          <FictionalProfileForm
            regionsSeed={{ country: 'NL', regions: [{ code: 'NL-NH', name: 'North Holland' }] }}
            submitLabel="Create profile"
            onSubmit={onSubmit}
          />
        </PageTexts>
      </PageTexts>
    </I18nProvider>,
  );
}

describe('FictionalProfileForm', () => {
  it('sends empty optional fields as null and the required texts as typed, and shows a refusal under its field', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(409, 'validation_failed', 'The request is not valid.', {
        fieldErrors: { name: ['name_taken'] },
      });
    });
    renderForm(onSubmit);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'Opa Zaan' } });
    fireEvent.change(screen.getByLabelText('Gender'), { target: { value: 'male' } });
    fireEvent.change(screen.getByLabelText('Region'), { target: { value: 'NL-NH' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create profile' }));
    });
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Opa Zaan',
        date_of_birth: '',
        language: 'nl',
        gender: 'male',
        sexuality: null,
        hair_color: null,
        country: 'NL',
        region: 'NL-NH',
        city: null,
        about_me: null,
      }),
    );
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('fp-name-error')?.textContent).toBe(en.validation.name_taken);
  });

  it("sends the interests picked with the member's chips, none too", async () => {
    const onSubmit = vi.fn(async (_body: FictionalProfileBody) => {});
    renderForm(onSubmit);
    const submit = () =>
      act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Create profile' }));
      });
    await submit();
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ interests: [] }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Travelling' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Dancing' }));
    expect(screen.getByRole('group', { name: /Interests/ }).textContent).toContain('(2 chosen)');
    await submit();
    expect(onSubmit.mock.lastCall?.[0].interests.sort()).toEqual(['dancing', 'travelling']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Travelling' }));
    await submit();
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ interests: ['dancing'] }));
  });
});
