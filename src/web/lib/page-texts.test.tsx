import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../shared/i18n/locales/en/common.json' with { type: 'json' };
import { dynamicKey } from '../../shared/i18n/translator.ts';
import { I18nProvider, useTranslation } from './i18n.tsx';
import { fetchPageTexts, LazyPageTexts } from './page-texts.tsx';

function Title() {
  const { t } = useTranslation();
  return <h2>{t(dynamicKey('signup.test_title'))}</h2>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LazyPageTexts', () => {
  it('renders nothing on the server and fetches nothing there', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const html = renderToString(
      <I18nProvider locale="en" messages={en}>
        <Suspense fallback={<p>loading</p>}>
          <LazyPageTexts ns="account">
            <Title />
          </LazyPageTexts>
        </Suspense>
      </I18nProvider>,
    );
    expect(html.replace(/<!--.*?-->/g, '')).toBe(''); // only Suspense's markers
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says so when the texts cannot be fetched, and shows them after trying again', async () => {
    // The first fetch fails for good (the client's retries are spent at once here).
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await fetchPageTexts('en', 'signup', { fetchImpl: failing, sleep: async () => {} })).toBeNull();

    await act(async () => {
      render(
        <I18nProvider locale="en" messages={en}>
          <Suspense fallback={<p>loading</p>}>
            <LazyPageTexts ns="signup">
              <Title />
            </LazyPageTexts>
          </Suspense>
        </I18nProvider>,
      );
    });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining(en.errors.part_failed),
    );
    expect(screen.queryByText(dynamicKey('signup.test_title'))).toBeNull();

    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ signup: { test_title: 'Join us' } }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: en.errors.retry }));
    });
    expect(await screen.findByRole('heading', { name: 'Join us' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/locale.php?lng=en&ns=signup', expect.anything());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
