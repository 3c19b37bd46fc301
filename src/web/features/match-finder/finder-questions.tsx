import { type ReactNode, useId, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import type { User } from '../../../shared/contracts/auth.ts';
import {
  FINDER_MAX_INTERESTS,
  type FinderAnswers,
  FinderAnswersSchema,
} from '../../../shared/contracts/match-finder.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { FormSelect } from '../../components/ui/form-field.tsx';
import { useTranslation } from '../../lib/i18n.tsx';
import { useCountryName } from '../../lib/use-country-name.ts';
import { useRegions } from '../../lib/use-regions.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { InterestChips } from '../profile/interest-chips.tsx';
import { toggleInterest } from '../profile/profile-form-logic.ts';
import {
  canAskRegion,
  type FinderStep,
  finderAgeOptions,
  finderSteps,
  firstStepWithError,
  STEP_FIELDS,
} from './finder-answers.ts';

type Props = {
  initial: FinderAnswers;
  user: Pick<User, 'profile'>;
  siteMinAge: number;
  visibleFields: readonly string[];
  onDone: (answers: FinderAnswers) => void;
  /** Changing earlier answers: the way back to their results without a new search. */
  onCancel?: () => void;
};

/** One answer of a question asked with big radio cards (whom, how far). */
function FinderChoice({
  value,
  disabled = false,
  registration,
  children,
}: {
  value: string;
  disabled?: boolean;
  registration: UseFormRegisterReturn;
  children: ReactNode;
}) {
  return (
    <label className={`finder-choice${disabled ? ' is-disabled' : ''}`}>
      <input type="radio" className="form-check-input" value={value} disabled={disabled} {...registration} />
      <span>{children}</span>
    </label>
  );
}

/**
 * The finder's questions. On phones one question at a time with back, next and a step indicator;
 * from 768 px all of them at once (CSS), with one button. The shared contract checks each step
 * before the next and the whole on submit, as the server will.
 */
export function FinderQuestions({ initial, user, siteMinAge, visibleFields, onDone, onCancel }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const countryName = useCountryName();
  const regions = useRegions(user.profile.country);
  const steps = finderSteps(visibleFields);
  const [step, setStep] = useState(0);
  const titles = useRef<(HTMLElement | null)[]>([]);
  const { form, formRef, onSubmit, fieldError, formError, busy } = useZodForm(FinderAnswersSchema, {
    defaultValues: initial,
    vars: { max: FINDER_MAX_INTERESTS },
  });
  const interests = form.watch('interests');
  const ages = finderAgeOptions(siteMinAge);
  const regionAllowed = canAskRegion(user, visibleFields);
  const regionName =
    regions.regions.find((region) => region.code === user.profile.region)?.name ?? user.profile.region;
  const last = steps.length - 1;

  const goTo = (next: number) => {
    setStep(next);
    // The new question's title takes the focus, so a screen reader reads where the member is.
    requestAnimationFrame(() => titles.current[next]?.focus());
  };
  const next = async () => {
    const name = steps[step];
    if (name && (await form.trigger([...STEP_FIELDS[name]]))) goTo(step + 1);
  };
  const submit = onSubmit(
    (answers) => onDone(answers),
    (errors) => {
      const wrong = firstStepWithError(steps, Object.keys(errors));
      if (wrong) setStep(steps.indexOf(wrong));
    },
  );

  const question = (name: FinderStep) => {
    switch (name) {
      case 'who':
        return (
          <div className="finder-choices">
            {(
              [
                ['female', 'who_female'],
                ['male', 'who_male'],
                ['', 'who_both'],
              ] as const
            ).map(([value, label]) => (
              <FinderChoice key={label} value={value} registration={form.register('gender')}>
                {t(`match_finder.${label}`)}
              </FinderChoice>
            ))}
          </div>
        );
      case 'age':
        return (
          <div className="finder-ages">
            {(
              [
                ['min_age', 'min-age', 'age_from'],
                ['max_age', 'max-age', 'age_to'],
              ] as const
            ).map(([field, suffix, label]) => (
              <FormSelect
                key={field}
                id={`${id}-${suffix}`}
                label={t(`match_finder.${label}`)}
                error={fieldError(field)}
                {...form.register(field)}
              >
                {ages.map((age) => (
                  <option key={age} value={age}>
                    {t('match_finder.age_years', { count: age })}
                  </option>
                ))}
              </FormSelect>
            ))}
          </div>
        );
      case 'distance':
        return (
          <>
            <div className="finder-choices">
              <FinderChoice value="region" disabled={!regionAllowed} registration={form.register('distance')}>
                {regionAllowed && regionName
                  ? t('match_finder.distance_region', { region: regionName })
                  : t('match_finder.distance_region_unknown')}
              </FinderChoice>
              <FinderChoice value="country" registration={form.register('distance')}>
                {t('match_finder.distance_country', { country: countryName(user.profile.country) })}
              </FinderChoice>
              <FinderChoice value="anywhere" registration={form.register('distance')}>
                {t('match_finder.distance_anywhere')}
              </FinderChoice>
            </div>
            {!regionAllowed && visibleFields.includes('region') && (
              <p className="form-text">
                {t('match_finder.distance_region_missing')}{' '}
                <Link to="/profile#details">{t('match_finder.edit_profile')}</Link>
              </p>
            )}
            {fieldError('distance') && <p className="invalid-feedback d-block">{fieldError('distance')}</p>}
          </>
        );
      case 'interests':
        return (
          <>
            <p className="form-text mt-0">
              {t('match_finder.interests_hint', { max: FINDER_MAX_INTERESTS })}{' '}
              <span className="finder-counter">
                {t('match_finder.interests_count', { count: interests.length, max: FINDER_MAX_INTERESTS })}
              </span>
            </p>
            <InterestChips
              idPrefix={`${id}-interest`}
              selected={interests}
              isDisabled={(key) => interests.length >= FINDER_MAX_INTERESTS && !interests.includes(key)}
              onToggle={(key) =>
                form.setValue('interests', toggleInterest(interests, key), {
                  shouldValidate: form.formState.isSubmitted,
                })
              }
            />
            {fieldError('interests') && <p className="invalid-feedback d-block">{fieldError('interests')}</p>}
          </>
        );
    }
  };

  return (
    <form ref={formRef} className="finder-form" noValidate onSubmit={submit}>
      <nav className="finder-steps" aria-label={t('match_finder.steps_label')}>
        <ol>
          {steps.map((name, index) => (
            <li
              key={name}
              className={`finder-steps-item${index < step ? ' is-done' : ''}${index === step ? ' is-current' : ''}`}
              aria-current={index === step ? 'step' : undefined}
            >
              <span className="finder-steps-dot" aria-hidden="true">
                {index + 1}
              </span>
              <span className="finder-steps-label">{t(`match_finder.steps.${name}`)}</span>
            </li>
          ))}
        </ol>
        <p className="finder-steps-count">
          {t('match_finder.step_of', { current: step + 1, total: steps.length })}
        </p>
      </nav>
      <FormAlert message={formError} />
      {steps.map((name, index) => (
        <fieldset key={name} className={`finder-step${index === step ? ' is-current' : ''}`}>
          <legend
            className="finder-step-title"
            tabIndex={-1}
            ref={(el) => {
              titles.current[index] = el;
            }}
          >
            <span className="finder-step-number" aria-hidden="true">
              {index + 1}
            </span>
            {t(`match_finder.${name}_title`)}
          </legend>
          {question(name)}
        </fieldset>
      ))}
      <div className="finder-actions">
        {step > 0 && (
          <button
            type="button"
            className="btn btn-outline-secondary finder-back"
            onClick={() => goTo(step - 1)}
          >
            {t('match_finder.back')}
          </button>
        )}
        {step < last && (
          <button type="button" className="btn btn-primary finder-next" onClick={() => void next()}>
            {t('match_finder.next')}
          </button>
        )}
        <button
          type="submit"
          className={`btn btn-primary finder-submit${step < last ? ' is-later' : ''}`}
          disabled={busy}
        >
          {t('match_finder.submit')}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-link finder-cancel" onClick={onCancel}>
            {t('match_finder.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
