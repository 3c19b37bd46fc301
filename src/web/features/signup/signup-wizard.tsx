import { useEffect, useMemo, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { makeSignupSchema, type SignupInput, type User } from '../../../shared/contracts/auth.ts';
import type { Settings } from '../../../shared/contracts/settings.ts';
import { sexualityFor } from '../../../shared/profile-options.ts';
import { ApiError, request } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { suggestEmail } from './email-suggestion.ts';
import { createAddressCheck } from './signup-address-check.ts';
import { validationVars } from './signup-field-error.tsx';
import { markSignupFlowActive } from './signup-flow.ts';
import { SignupInboxStep } from './signup-inbox-step.tsx';
import { SignupInviteOnly } from './signup-invite-only.tsx';
import { PROGRESS_PHASE_MS, PROGRESS_PHASES, SignupProgress } from './signup-progress.tsx';
import { SignupPushStep } from './signup-push-step.tsx';
import { errorPath, signupStepResolver } from './signup-resolver.ts';
import { SignupStepAccount } from './signup-step-account.tsx';
import { SignupStepBirth } from './signup-step-birth.tsx';
import { SignupStepIndicator } from './signup-step-indicator.tsx';
import { SignupStepLocation } from './signup-step-location.tsx';
import { SignupStepPassword } from './signup-step-password.tsx';
import { SignupStepWho } from './signup-step-who.tsx';
import {
  emptyDraft,
  type FieldErrors,
  LAST_FORM_STEP,
  mapServerFieldErrors,
  SIGNUP_FIELDS,
  SIGNUP_STEPS,
  type SignupField,
  type SignupStep,
  stepOfField,
} from './signup-steps.ts';
import { useClearErrorOnChange } from './use-draft-field.ts';

type Stage =
  | { kind: 'form'; step: SignupStep }
  | { kind: 'sending' }
  | { kind: 'push' }
  | { kind: 'inbox' }
  | { kind: 'closed' };

type Props = {
  settings: Settings;
  variant: 'page' | 'modal';
  /** True while the account is being created: the modal may not be dismissed then. */
  onBusyChange?: (busy: boolean) => void;
  /** The account exists; a later close starts a fresh form. */
  onFinished?: () => void;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function initialCountry(settings: Settings): string {
  return settings.countries.includes(settings.geoip_selected_country)
    ? settings.geoip_selected_country
    : (settings.countries[0] ?? '');
}

/** The sign-up form as a sequence of short steps; used by the /signup page and the desktop modal. */
export function SignupWizard({ settings, variant, onBusyChange, onFinished }: Props) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const minAge = settings.min_age;
  const schema = useMemo(() => makeSignupSchema(minAge), [minAge]);

  const [stage, setStage] = useState<Stage>(
    settings.signups_open ? { kind: 'form', step: 0 } : { kind: 'closed' },
  );
  // The draft of every step lives in the form; each step is checked by the shared schema through
  // a resolver for that step alone (signup-resolver.ts), its errors kept under the schema's names.
  const step = stage.kind === 'form' ? stage.step : LAST_FORM_STEP;
  const { form, formRef, onSubmit, fieldError, formError, focusFirstError } = useZodForm(
    signupStepResolver(schema, step),
    {
      defaultValues: emptyDraft(initialCountry(settings)),
      // Today's rule: an error stands until its input changes, and is checked again on the next submit.
      reValidateMode: 'onSubmit',
      shownFields: SIGNUP_FIELDS,
      vars: validationVars(minAge),
    },
  );
  const [pendingDeletion, setPendingDeletion] = useState(false);
  // One per wizard: an address is asked about once, however often the field is left.
  const [checkAddress] = useState(createAddressCheck);
  const [suggestion, setSuggestion] = useState<string>();
  /** The address a suggestion was already offered for: a second "Next" accepts the address as typed. */
  const offeredFor = useRef('');
  const [phase, setPhase] = useState(0);
  const [user, setUser] = useState<User>();

  const heading = useRef<HTMLHeadingElement>(null);
  const mounted = useRef(true);
  const releaseFlow = useRef<(() => void) | undefined>(undefined);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      releaseFlow.current?.();
    };
  }, []);

  // Each new step announces itself: focus moves to its heading (not on the first render).
  const stageKey = stage.kind === 'form' ? `form-${stage.step}` : stage.kind;
  const firstStage = useRef(stageKey);
  useEffect(() => {
    if (stageKey === firstStage.current) return;
    firstStage.current = '';
    heading.current?.focus();
  }, [stageKey]);

  useClearErrorOnChange(form, (name) => {
    if (name === 'email') {
      setSuggestion(undefined);
      setPendingDeletion(false);
    }
  });

  const showStep = (to: SignupStep, stepErrors: FieldErrors = {}) => {
    setStage({ kind: 'form', step: to });
    // The notice above the form stays until the next submit, as the fields' errors do not.
    form.clearErrors(SIGNUP_FIELDS.map(errorPath));
    for (const [field, code] of Object.entries(stepErrors)) {
      form.setError(errorPath(field as SignupField), { type: 'server', message: code });
    }
    if (Object.keys(stepErrors).length > 0) focusFirstError();
  };

  /** Errors of an earlier step (the last step checks the whole draft) bring that step back. */
  const showInvalidStep = (errors: object) => {
    const earliest = Math.min(...Object.keys(errors).map(stepOfField)) as SignupStep;
    // Not for the step on screen: a render before the errors arrive would use up the focus move.
    if (earliest !== step) setStage({ kind: 'form', step: earliest });
  };

  /** An error that belongs to no single field (rate limit, network), shown above the form. */
  const setNotice = (code: string, kind: 'error' | 'validation' = 'error') =>
    form.setError('root.server', { type: kind, message: code });

  /**
   * What the sign-up would refuse the address with, told on the e-mail step rather than after the
   * last one (an address with an account: the error with its login link). False when it is refused.
   */
  const showAddressVerdict = async (email: string): Promise<boolean> => {
    const verdict = await checkAddress(email);
    // Gone, or the address changed meanwhile: this answer is not about what is typed now.
    if (!mounted.current || form.getValues('email') !== email) return true;
    if (verdict === 'email_pending_deletion') {
      setPendingDeletion(true);
      return false;
    }
    if (verdict === 'email_exists' || verdict === 'email_disposable') {
      form.setError(errorPath('email'), { type: 'server', message: verdict });
      return false;
    }
    return true;
  };

  const checkEmail = async () => {
    const typed = form.getValues('email');
    const email = typed.trim().toLowerCase();
    const [found] = await Promise.all([suggestEmail(email), showAddressVerdict(typed)]);
    if (!mounted.current) return;
    // Only shown here: a blur is also what a click on "Next" causes, so it does not count as offered.
    setSuggestion(found);
  };

  const applySuggestion = () => {
    if (suggestion) form.setValue('email', suggestion);
  };

  /** The step passed its check: on to the next, or, from the last, the account is made. */
  const next = async (input: SignupInput | undefined) => {
    if (stage.kind !== 'form') return;
    if (step === 3) {
      const typed = form.getValues('email');
      const email = typed.trim().toLowerCase();
      const [found, usable] = await Promise.all([suggestEmail(email), showAddressVerdict(typed)]);
      if (!mounted.current) return;
      if (!usable) {
        focusFirstError();
        return;
      }
      if (found && offeredFor.current !== email) {
        offeredFor.current = email;
        setSuggestion(found);
        return;
      }
    }
    if (input) await submit(input);
    else showStep((step + 1) as SignupStep);
  };

  const handleError = (error: unknown) => {
    if (!(error instanceof ApiError)) {
      showStep(LAST_FORM_STEP);
      setNotice('general');
      return;
    }
    const details = (error.details ?? {}) as { fieldErrors?: Record<string, string[]>; suggestion?: unknown };
    if (typeof details.suggestion === 'string') {
      setSuggestion(details.suggestion);
      offeredFor.current = form.getValues('email').trim().toLowerCase();
    }
    switch (error.code) {
      case 'validation_failed': {
        const mapped = mapServerFieldErrors(details.fieldErrors ?? {});
        showStep(mapped.step, mapped.errors);
        if (mapped.general) setNotice(mapped.general, 'validation');
        return;
      }
      case 'email_exists':
        showStep(3, { email: 'email_exists' });
        return;
      case 'email_pending_deletion':
        setPendingDeletion(true);
        showStep(3);
        return;
      case 'signups_closed':
        setStage({ kind: 'closed' });
        return;
      case 'rate_limited':
      case 'network_error':
      case 'service_unavailable':
        showStep(LAST_FORM_STEP);
        setNotice(error.code);
        return;
      default:
        showStep(LAST_FORM_STEP);
        setNotice('general');
    }
  };

  const submit = async (input: SignupInput) => {
    releaseFlow.current ??= markSignupFlowActive();
    setStage({ kind: 'sending' });
    setPhase(0);
    onBusyChange?.(true);
    type Outcome = { ok: true; user: User } | { ok: false; error: unknown };
    let outcome: Outcome | undefined;
    const settled = request<{ user: User }>('/api/signup.php', { method: 'POST', body: input }).then(
      (response): Outcome => ({ ok: true, user: response.user }),
      (error: unknown): Outcome => ({ ok: false, error }),
    );
    void settled.then((o) => {
      outcome = o;
    });
    // The phases are shown in order however fast the server is; a refusal stops them at once.
    for (let index = 0; index < PROGRESS_PHASES.length; index += 1) {
      if (!mounted.current) return;
      setPhase(index);
      await sleep(PROGRESS_PHASE_MS);
      if (outcome && !outcome.ok) break;
    }
    const result = await settled;
    if (!mounted.current) return;
    onBusyChange?.(false);
    if (!result.ok) {
      releaseFlow.current?.();
      releaseFlow.current = undefined;
      handleError(result.error);
      return;
    }
    setPhase(PROGRESS_PHASES.length);
    await sleep(300);
    if (!mounted.current) return;
    setUser(result.user);
    setStage({ kind: 'push' });
    onFinished?.();
    // The navigation and every loader now see the new member.
    void revalidator.revalidate();
  };

  const draft = form.getValues();
  const sexuality = sexualityFor(draft.gender, draft.seeking);
  const matchesHref = `/signup-matches?${new URLSearchParams({
    gender: draft.gender,
    sexuality: sexuality ?? '',
    country: draft.country,
  })}`;

  const stepProps = { control: form.control, fieldError, minAge };
  const Heading = variant === 'modal' ? 'h3' : 'h2';
  const title =
    stage.kind === 'form'
      ? t(`signup.${SIGNUP_STEPS[stage.step]}.title`)
      : t(
          stage.kind === 'closed'
            ? 'signup.invite_only.title'
            : `signup.${stage.kind === 'sending' ? 'progress' : stage.kind}.title`,
        );
  const lead =
    stage.kind === 'form' ? t(`signup.${SIGNUP_STEPS[stage.step]}.lead`, validationVars(minAge)) : '';
  const indicatorAt = stage.kind === 'form' ? stage.step : SIGNUP_STEPS.length;

  return (
    <div className={`signup-wizard signup-wizard-${variant}`}>
      <aside className="signup-aside">
        <p className="signup-aside-title">{t('signup.aside.title')}</p>
        <ul className="signup-aside-list">
          <li>{t('signup.aside.free')}</li>
          <li>{t('signup.aside.credits', { signup_credits: settings.signup_credits })}</li>
          <li>{t('signup.aside.verified')}</li>
          <li>{t('signup.aside.privacy')}</li>
        </ul>
        <p className="signup-aside-note">{t('signup.aside.age', { min_age: minAge })}</p>
      </aside>
      <div className="signup-main">
        {stage.kind !== 'closed' && (
          <SignupStepIndicator
            current={indicatorAt}
            onSelect={stage.kind === 'form' ? (step) => showStep(step) : undefined}
          />
        )}
        <Heading
          ref={heading}
          tabIndex={-1}
          className={`signup-title${stage.kind === 'form' ? '' : ' signup-title-center'}`}
        >
          {title}
        </Heading>
        {lead && <p className="signup-lead">{lead}</p>}
        {formError && (
          <div className="alert alert-danger" role="alert">
            {formError}
          </div>
        )}
        {stage.kind === 'form' && (
          // Without JavaScript the form reloads step 0; with it, each step is checked here.
          <form
            ref={formRef}
            noValidate
            method="get"
            action="/signup"
            onSubmit={onSubmit(next, showInvalidStep)}
            className="signup-form"
          >
            {stage.step === 0 && <SignupStepWho {...stepProps} />}
            {stage.step === 1 && <SignupStepBirth {...stepProps} />}
            {stage.step === 2 && <SignupStepLocation {...stepProps} countries={settings.countries} />}
            {stage.step === 3 && (
              <SignupStepAccount
                {...stepProps}
                suggestion={suggestion}
                onApplySuggestion={applySuggestion}
                onEmailBlur={checkEmail}
                pendingDeletion={pendingDeletion}
              />
            )}
            {stage.step === 4 && <SignupStepPassword {...stepProps} />}
            <div className="signup-nav">
              {stage.step > 0 && (
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  onClick={() => showStep((stage.step - 1) as SignupStep)}
                >
                  {t('signup.back')}
                </button>
              )}
              <button type="submit" className="btn btn-primary btn-lg signup-next">
                {stage.step === LAST_FORM_STEP ? t('signup.submit') : t('signup.next')}
              </button>
            </div>
            {stage.step === LAST_FORM_STEP && (
              <p className="form-text signup-free-note">{t('signup.free_note')}</p>
            )}
          </form>
        )}
        {stage.kind === 'sending' && <SignupProgress phase={phase} />}
        {stage.kind === 'push' && (
          <SignupPushStep siteName={settings.name} onDone={() => setStage({ kind: 'inbox' })} />
        )}
        {stage.kind === 'inbox' && user && <SignupInboxStep user={user} matchesHref={matchesHref} />}
        {stage.kind === 'closed' && <SignupInviteOnly />}
      </div>
    </div>
  );
}
