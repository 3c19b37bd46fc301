import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import en from '../../shared/i18n/locales/en/common.json' with { type: 'json' };
import { I18nProvider } from './i18n.tsx';
import { useZodForm } from './use-zod-form.ts';

const Schema = z.object({ password: z.string() });

function PasswordForm() {
  const { formRef, onSubmit, busy, sending } = useZodForm(Schema, { defaultValues: { password: '' } });
  return (
    <form ref={formRef} onSubmit={onSubmit(() => undefined)}>
      <input type="password" aria-label="password" />
      <button type="submit" disabled={busy}>
        save
      </button>
      <button type="submit" disabled={sending}>
        post
      </button>
    </form>
  );
}

const page = (
  <I18nProvider locale="en" messages={en}>
    <PasswordForm />
  </I18nProvider>
);

afterEach(cleanup);

describe('useZodForm', () => {
  it('keeps the submit button waiting until the script runs: the browser would send the form itself, its password in the address', () => {
    const html = renderToString(page);
    expect(html).toMatch(/<button type="submit" disabled="">save<\/button>/);
    // A form with a post of its own (the log-in) waits only while it is sent.
    expect(html).toMatch(/<button type="submit">post<\/button>/);
  });

  it('lets it be clicked once hydrated', () => {
    render(page);
    expect((screen.getByRole('button', { name: 'save' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'post' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
