import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { FINDER_MAX_INTERESTS, type FinderAnswers } from '../../../shared/contracts/match-finder.ts';
import { ApiError } from '../../lib/api.ts';
import { formErrorText, readApiError } from '../../lib/api-form-errors.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { MemberCardGrid } from '../members/member-card-grid.tsx';
import { finderResultsQuery } from './finder-queries.ts';
import { FinderReasons } from './finder-reasons.tsx';

/** The answers in one line above the list: "Women · 30–42 years · In your country · 3 interests". */
function useAnswersSummary(answers: FinderAnswers): string {
  const { t } = useTranslation();
  const who =
    answers.gender === 'female'
      ? t('match_finder.who_female')
      : answers.gender === 'male'
        ? t('match_finder.who_male')
        : t('match_finder.who_both');
  const parts = [
    who,
    t('match_finder.summary_ages', { min: answers.min_age, count: answers.max_age }),
    t(`match_finder.summary_${answers.distance}`),
  ];
  if (answers.interests.length > 0)
    parts.push(t('match_finder.summary_interests', { count: answers.interests.length }));
  return parts.join(' · ');
}

/** The text for a failed ranking: the refused answer's own text, a known error's, else the general one. */
function useErrorText(error: unknown): string {
  const { t } = useTranslation();
  if (!(error instanceof ApiError)) return t('match_finder.error');
  const { form } = readApiError(error, []);
  return form ? formErrorText(t, form, { max: FINDER_MAX_INTERESTS }) : t('match_finder.error');
}

/** The ranked members for the answers, each with its reasons, and the way to other answers. */
export function FinderResults({ answers, onChange }: { answers: FinderAnswers; onChange: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const results = useQuery(finderResultsQuery(answers));
  const summary = useAnswersSummary(answers);
  const errorText = useErrorText(results.error);
  const members = results.data?.results;

  return (
    <section className="finder-results" aria-labelledby={headingId} aria-busy={results.isFetching}>
      <div className="finder-results-head">
        <div>
          <h2 id={headingId} className="h5 mb-1">
            {members && members.length > 0
              ? t('match_finder.results_title', { count: members.length })
              : t('match_finder.results_title_plain')}
          </h2>
          <p className="finder-summary mb-0">{summary}</p>
        </div>
        <button type="button" className="btn btn-outline-primary finder-change" onClick={onChange}>
          {t('match_finder.change')}
        </button>
      </div>
      {results.isPending && (
        <p className="finder-loading" role="status">
          <span className="search-spinner-dot" aria-hidden="true" /> {t('match_finder.loading')}
        </p>
      )}
      {results.isError && (
        <div className="alert alert-danger search-error" role="alert">
          <span>{errorText}</span>
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            onClick={() => void results.refetch()}
          >
            {t('match_finder.retry')}
          </button>
        </div>
      )}
      {members && members.length === 0 && (
        <div className="search-empty card card-body text-center">
          <h3 className="h5">{t('match_finder.empty_title')}</h3>
          <p>{t('match_finder.empty_text')}</p>
          <div>
            <button type="button" className="btn btn-primary" onClick={onChange}>
              {t('match_finder.change')}
            </button>
          </div>
        </div>
      )}
      {members && members.length > 0 && (
        <MemberCardGrid
          members={members}
          className="finder-grid"
          footer={(member) => <FinderReasons reasons={member.reasons} />}
        />
      )}
    </section>
  );
}
