import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { FinderAnswers } from '../../../shared/contracts/match-finder.ts';
import type { OwnProfile } from '../../../shared/contracts/profile.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { ownProfileQuery } from '../profile/profile-queries.ts';
import { useSession } from '../session/member-session.tsx';
import { answersFromParams, answersToParams, defaultAnswers } from './finder-answers.ts';
import { FinderQuestions } from './finder-questions.tsx';
import { FinderResults } from './finder-results.tsx';

/**
 * /match-finder: the questions (prefilled from the member's profile), then the ranked list for the
 * answers in the URL, with a way back to the questions. Keyed by the URL's query in the route, so
 * the browser's back button also leaves a change of answers. `own`: the profile the route's loader
 * read with the HTML, so the first questions render on the server.
 */
export function FinderPage({ own: initialOwn }: { own?: OwnProfile }) {
  const { t } = useTranslation();
  const root = useRootData();
  const { user } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const answered = useMemo(() => answersFromParams(params), [params]);
  const [editing, setEditing] = useState(false);
  const asking = answered === null || editing;
  // Only the first questions need the profile: its interests are the ones offered first.
  const own = useQuery({ ...ownProfileQuery(), enabled: answered === null, initialData: initialOwn });
  if (!root || !user) return null;
  const { settings } = root;

  const done = (answers: FinderAnswers) => {
    setEditing(false);
    navigate({ search: `?${answersToParams(answers)}` });
  };
  const questions = (initial: FinderAnswers, onCancel?: () => void) => (
    <FinderQuestions
      initial={initial}
      user={user}
      siteMinAge={settings.min_age}
      visibleFields={settings.visible_profile_fields}
      onDone={done}
      onCancel={onCancel}
    />
  );

  let body: ReactNode;
  if (!asking) body = <FinderResults answers={answered} onChange={() => setEditing(true)} />;
  else if (answered) body = questions(answered, () => setEditing(false));
  else if (own.isPending)
    body = (
      <p className="finder-loading" role="status">
        <span className="search-spinner-dot" aria-hidden="true" /> {t('match_finder.preparing')}
      </p>
    );
  else
    body = questions(
      // Without the profile (it failed to load) the questions start without interests.
      defaultAnswers(user, own.data?.interests ?? [], {
        siteMinAge: settings.min_age,
        visibleFields: settings.visible_profile_fields,
      }),
    );

  return (
    <main id="main" className="container finder-page">
      <h1 className="finder-title">{t('match_finder.title')}</h1>
      {asking && <p className="finder-intro">{t('match_finder.intro')}</p>}
      {body}
    </main>
  );
}
