import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProfileNotice } from '../../../shared/contracts/moderation.ts';
import en from '../../../shared/i18n/locales/en/common.json' with { type: 'json' };
import profile from '../../../shared/i18n/locales/en/profile.json' with { type: 'json' };
import { I18nProvider } from '../../lib/i18n.tsx';
import { PageTexts } from '../../lib/page-texts.tsx';
import { ModerationNotices } from './moderation-notices.tsx';
import { moderationNoticesQuery } from './profile-queries.ts';

afterEach(cleanup);

const notice = (id: number, subject: ProfileNotice['subject'], outcome: ProfileNotice['outcome']) => ({
  id,
  subject,
  outcome,
  reason: null,
  note: null,
  created_at: '2026-11-29T12:00:00.000Z',
});

function renderNotices(notices: ProfileNotice[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(moderationNoticesQuery().queryKey, notices);
  render(
    <QueryClientProvider client={client}>
      <I18nProvider locale="en" messages={en}>
        <PageTexts messages={profile}>
          <ModerationNotices />
        </PageTexts>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('ModerationNotices', () => {
  it('says what became of a refused text: set back, a new name to choose, or the newer text kept', () => {
    renderNotices([
      notice(1, 'name', 'rejected'),
      notice(2, 'name', 'rejected_choose_new'),
      notice(3, 'name', 'rejected_newer_kept'),
      notice(4, 'about_me', 'rejected_newer_kept'),
      notice(5, 'photo', 'approved'),
    ]);
    const texts = profile.moderation_notices;
    for (const text of [
      texts.name_rejected,
      texts.name_rejected_choose_new,
      texts.name_rejected_newer_kept,
      texts.about_me_rejected_newer_kept,
    ]) {
      // A refusal is an info, never the approval's success.
      expect(screen.getByText(text).closest('.alert')?.classList.contains('alert-info'), text).toBe(true);
    }
    expect(
      screen.getByText(texts.photo_approved).closest('.alert')?.classList.contains('alert-success'),
    ).toBe(true);
  });
});
