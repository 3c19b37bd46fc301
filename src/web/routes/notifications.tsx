import { Form, useNavigation } from 'react-router';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPES,
  preferencesFromForm,
} from '../../shared/contracts/notifications.ts';
import { createTranslator } from '../../shared/i18n/translator.ts';
import { DisabledNotificationsAlert } from '../features/notifications/disabled-notifications-alert.tsx';
import type { PushAlertHandle } from '../features/notifications/enable-push-alert.tsx';
import { PushDeviceSwitch } from '../features/notifications/push-device-switch.tsx';
import { errorText } from '../lib/error-text.ts';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { withPageTexts } from '../lib/page-texts.tsx';
import type { Route } from './+types/notifications';
import '../styles/notifications.scss';

// The push invitation does not float over this page (PushAlertHandle).
export const handle: PushAlertHandle = { noPushAlert: true };

// The member layout's middleware keeps visitors out.
export async function loader({ context }: Route.LoaderArgs) {
  const texts = context.pageTexts('notifications');
  const result = await context.notifications.read();
  if (!result.ok) throw new Response(result.message, { status: result.status });
  return { texts, title: createTranslator(texts)('title'), settings: result.data };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta(matches, data?.title);
}

/**
 * Both forms post to the page itself, so they work without JavaScript (a checkbox is sent only when
 * ticked); with it, React Router posts the same form and reads the loader again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const result =
    form.get('intent') === 'enable_email'
      ? await context.notifications.save({ enable_email: true })
      : await context.notifications.save({ preferences: preferencesFromForm(form) });
  if (!result.ok) return { ok: false as const, code: result.code };
  return { ok: true as const, intent: form.get('intent') === 'enable_email' ? 'enable_email' : 'save' };
}

function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { preferences, notifications_disabled } = loaderData.settings;
  const busy = navigation.state === 'submitting';
  return (
    <main id="main" className="container narrow-page notifications-page">
      <h1>{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      {actionData?.ok && actionData.intent === 'enable_email' ? (
        <div className="alert alert-success" role="status">
          {t('disabled.enabled')}
        </div>
      ) : (
        <DisabledNotificationsAlert reasons={notifications_disabled} />
      )}
      {actionData?.ok === false ? (
        <div className="alert alert-danger" role="alert">
          {errorText(t, actionData.code)}
        </div>
      ) : null}
      {actionData?.ok && actionData.intent === 'save' ? (
        <div className="alert alert-success" role="status">
          {t('saved')}
        </div>
      ) : null}
      <PushDeviceSwitch />
      <Form method="post" className="notification-preferences">
        <table className="table align-middle">
          <thead>
            <tr>
              <th scope="col">{t('type_header')}</th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <th key={channel} scope="col" className="text-center channel-column">
                  {t(`channels.${channel}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_TYPES.map((type) => (
              <tr key={type}>
                <th scope="row" className="fw-normal">
                  <span className="d-block fw-semibold">{t(`types.${type}.label`)}</span>
                  <small className="text-body-secondary">{t(`types.${type}.hint`)}</small>
                </th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <td key={channel} className="text-center">
                    <input
                      // A new key after each save: the boxes show what the server stored.
                      key={`${type}.${channel}.${String(preferences[type][channel])}`}
                      className="form-check-input"
                      type="checkbox"
                      name={`${type}.${channel}`}
                      defaultChecked={preferences[type][channel]}
                      aria-label={t('switch_label', {
                        type: t(`types.${type}.label`),
                        channel: t(`channels.${channel}`),
                      })}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <button type="submit" name="intent" value="save" className="btn btn-primary" disabled={busy}>
          {t('save')}
        </button>
      </Form>
    </main>
  );
}

export default withPageTexts(Notifications);
