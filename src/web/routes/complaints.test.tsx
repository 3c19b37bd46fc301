import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../shared/i18n/locales/en/common.json' with { type: 'json' };
import type { ServiceResult, WebLoadContext } from '../../shared/load-context.ts';
import { I18nProvider } from '../lib/i18n.tsx';
import ComplaintsPage, { action } from './complaints.tsx';

afterEach(cleanup);

const NoFallback = () => null;

const filled = {
  name: 'Jan de Vries',
  email: 'jan@example.nl',
  subject: 'payment',
  message: 'Ik heb twee keer betaald voor hetzelfde pakket.',
};

/** The page form as the browser posts it (urlencoded), answered by a stand-in for the server. */
async function post(fields: Record<string, string>, answer: ServiceResult<{ reference: string }>) {
  const submitted: unknown[] = [];
  const context = {
    site: {
      submitComplaint: async (input: unknown) => {
        submitted.push(input);
        return answer;
      },
    },
  } as unknown as WebLoadContext;
  const request = new Request('http://localhost/complaints', {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
  const result = await action({ request, context, params: {} } as never);
  return {
    result: result as unknown as { data: Record<string, unknown>; init?: { status: number } },
    submitted,
  };
}

const rateLimited: ServiceResult<{ reference: string }> = {
  ok: false,
  status: 429,
  code: 'rate_limited',
  message: 'Too many complaints',
};

describe('the complaints page action', () => {
  it('refuses a NUL byte in the form with a field code, before anything is submitted', async () => {
    const { result, submitted } = await post({ ...filled, name: 'Jan\u0000' }, rateLimited);
    expect(result.init?.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({ name: ['invalid_characters'] });
    expect(submitted).toEqual([]);
  });

  it('answers 429 with the code when the allowance shared with the API is used up', async () => {
    const { result } = await post(filled, rateLimited);
    expect(result.init?.status).toBe(429);
    expect(result.data).toMatchObject({ ok: false, formError: 'rate_limited', values: filled });
  });
});

describe('the complaints page', () => {
  it('shows the translated "too many" text and keeps what was typed', async () => {
    const Stub = createRoutesStub([
      {
        path: '/complaints',
        Component: ComplaintsPage as never,
        loader: () => ({ texts: {}, title: 'Complaints' }),
        HydrateFallback: NoFallback,
        action: async ({ request }) =>
          (await post(Object.fromEntries(await request.formData()) as never, rateLimited)).result as never,
      },
    ]);
    render(
      <I18nProvider locale="en" messages={en}>
        <Stub initialEntries={['/complaints']} />
      </I18nProvider>,
    );
    fireEvent.change(await screen.findByLabelText(en.complaints.name), { target: { value: filled.name } });
    fireEvent.change(screen.getByLabelText(en.complaints.email), { target: { value: filled.email } });
    fireEvent.change(screen.getByLabelText(en.complaints.subject), { target: { value: filled.subject } });
    fireEvent.change(screen.getByLabelText(en.complaints.message), { target: { value: filled.message } });
    fireEvent.click(screen.getByRole('button', { name: en.complaints.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(en.complaints.rate_limited);
    expect(screen.getByLabelText(en.complaints.name)).toHaveProperty('value', filled.name);
  });
});
