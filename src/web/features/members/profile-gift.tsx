import { Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { type Gift, giftImageUrl } from '../../../shared/contracts/gifts.ts';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { lazyNamed } from '../../lib/on-demand.ts';
import { postMessage } from '../chat/chat-api.ts';
import { SendFailure } from '../chat/send-failure.tsx';
import { useSession } from '../session/member-session.tsx';
import { GiftIcon } from './member-icons.tsx';
import { PremiumUpsell } from './premium-upsell.tsx';

// The picker's code comes with the first click: visitors and members who never give one skip it.
const GiftPicker = lazyNamed(() => import('../chat/gift-picker.tsx').then((m) => m.GiftPicker));

type Outcome =
  | { kind: 'sending'; gift: Gift }
  | { kind: 'sent'; gift: Gift; conversation: number }
  | { kind: 'failed'; code: string; limit?: number };

type Props = {
  member: { id: number; name: string };
  loggedIn: boolean;
  /** A visitor's click: the login question of the gift action. */
  onLoginRequired: () => void;
};

/**
 * The profile view's gift action: the picker opens here and the gift is sent at once (the first
 * message of a conversation, or the next one), so the member can go on looking at the profile; a
 * link leads to the chat. The server's refusals show here: the premium upsell of a free member's
 * third conversation, the credits error with its buy button, the daily spending limit with the way
 * to its setting, any other refusal's text.
 */
export function ProfileGift({ member, loggedIn, onLoginRequired }: Props) {
  const { t } = useTranslation();
  const session = useSession();
  const [opened, setOpened] = useState(false);
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [upsell, setUpsell] = useState(false);
  // A refused gift's note: the picker opens with it again.
  const [keptNote, setKeptNote] = useState('');
  const vars = { name: member.name };
  // The answer shows under the actions, maybe below the fold on a phone: brought into view.
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome && outcome.kind !== 'sending') outcomeRef.current?.scrollIntoView({ block: 'nearest' });
  }, [outcome]);

  const give = async (gift: Gift, note: string) => {
    setOpen(false);
    setOutcome({ kind: 'sending', gift });
    try {
      const { message } = await postMessage({
        to: { id: member.id },
        client_id: crypto.randomUUID(),
        kind: 'gift',
        body: note,
        gift: { id: gift.id },
      });
      setKeptNote('');
      setOutcome({ kind: 'sent', gift, conversation: message.conversation.id });
      void session.refresh();
    } catch (error) {
      setKeptNote(note);
      const code = error instanceof ApiError ? error.code : 'network_error';
      if (code === 'conversation_limit_reached') {
        setOutcome(null);
        setUpsell(true);
        return;
      }
      // The member's own daily spending limit says how high it is (the settings change it).
      const limit =
        code === 'daily_limit_reached' && error instanceof ApiError
          ? (error.details as { limit?: number } | undefined)?.limit
          : undefined;
      setOutcome({ kind: 'failed', code, limit });
    }
  };

  const failureText = (code: string) => errorText(t, code, { vars });

  return (
    <>
      <button
        type="button"
        className="btn btn-outline-primary"
        disabled={outcome?.kind === 'sending'}
        onClick={() => {
          if (!loggedIn) return onLoginRequired();
          setOpened(true);
          setOpen(true);
        }}
      >
        <GiftIcon /> {t('member_actions.gift')}
      </button>
      {outcome && (
        <div className="profile-gift-outcome" ref={outcomeRef}>
          {outcome.kind === 'failed' ? (
            <div className="alert alert-danger" role="alert">
              <SendFailure
                code={outcome.code}
                limit={outcome.limit}
                name={member.name}
                otherwise={failureText(outcome.code)}
              />
            </div>
          ) : (
            <p className="profile-gift-status" role="status">
              <img src={giftImageUrl(outcome.gift.slug)} alt="" width={40} height={40} />
              {outcome.kind === 'sending' ? (
                <span>{t('gifts.sending')}</span>
              ) : (
                <>
                  <span>{t('gifts.sent', { ...vars, gift: outcome.gift.name })}</span>
                  <Link to={`/chats/${outcome.conversation}`} className="btn btn-outline-primary btn-sm">
                    {t('gifts.open_chat')}
                  </Link>
                </>
              )}
            </p>
          )}
        </div>
      )}
      {opened && (
        <Suspense fallback={null}>
          <GiftPicker
            open={open}
            name={member.name}
            balance={session.user?.credits}
            initialNote={keptNote}
            onClose={() => setOpen(false)}
            onChoose={give}
          />
        </Suspense>
      )}
      <PremiumUpsell open={upsell} name={member.name} onClose={() => setUpsell(false)} />
    </>
  );
}
