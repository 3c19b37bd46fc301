import { Link } from 'react-router';
import { createTranslator } from '../../shared/i18n/translator.ts';
import { LIMITS } from '../../shared/limits.ts';
import { CheckIcon } from '../features/members/member-icons.tsx';
import type { PushAlertHandle } from '../features/notifications/enable-push-alert.tsx';
import { paymentsLinks } from '../features/payments/payments-styles.ts';
import { useSession } from '../features/session/member-session.tsx';
import { useTranslation } from '../lib/i18n.tsx';
import { pageMeta } from '../lib/meta.ts';
import { withPageTexts } from '../lib/page-texts.tsx';
import { useRootData } from '../lib/root-data.ts';
import type { Route } from './+types/premium';

// Buying: the push invitation does not float over the packages and the payment (PushAlertHandle).
export const handle: PushAlertHandle = { noPushAlert: true };

export const links: Route.LinksFunction = paymentsLinks;

export async function loader({ context }: Route.LoaderArgs) {
  const texts = context.pageTexts('payments');
  return { texts, title: createTranslator(texts)('premium.title') };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta(matches, data?.title);
}

const BENEFITS = ['photos', 'upload', 'conversations', 'zero_credits', 'match'] as const;

/** /premium: what premium gives, and the way to it (any purchase on /credits, for life). */
function Premium() {
  const { t } = useTranslation();
  const root = useRootData();
  const { user } = useSession();
  const vars = {
    premium_photos: LIMITS.premiumPhotos,
    free_photos: LIMITS.freePhotos,
    free_conversations: LIMITS.freeConversations,
    percent: root?.settings.premium_match_chance ?? 46,
  };
  return (
    <main id="main" className="container narrow-page premium-page">
      <h1>{t('premium.title')}</h1>
      <p className="lead">{user?.paid_user ? t('premium.is_premium') : t('premium.intro')}</p>
      <ul className="premium-benefit-list">
        {BENEFITS.map((benefit) => (
          <li key={benefit}>
            <CheckIcon />
            <span>{t(`premium.benefits.${benefit}`, vars)}</span>
          </li>
        ))}
      </ul>
      <Link to="/credits" className="btn btn-primary btn-lg">
        {t('premium.cta')}
      </Link>
      <p className="one-time-notice mt-3">{t('credits_page.one_time')}</p>
    </main>
  );
}

export default withPageTexts(Premium);
