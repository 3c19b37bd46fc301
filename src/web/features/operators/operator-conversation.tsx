import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { type SendMessageResponse, TYPING_SEND_EVERY_MS } from '../../../shared/contracts/chat.ts';
import { ageOn } from '../../../shared/contracts/members.ts';
import type {
  OperatorClaim,
  OperatorConversation,
  OperatorMessage,
} from '../../../shared/contracts/operators.ts';
import { FormTextarea } from '../../components/ui/form-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { usePlaceName } from '../../lib/use-country-name.ts';
import { adminRequest } from '../admin/admin-api.ts';
import { useStaffChanges } from '../admin/use-staff-changes.ts';
import { OperatorPhotoAnswer } from './operator-photo.tsx';
import { useClaimNext } from './use-claim-next.ts';

type Person = OperatorConversation['profile'];

const codeOf = (e: unknown) => (e instanceof ApiError ? e.code : 'network_error');

function PersonCard({ person, title, credits }: { person: Person; title: string; credits?: number }) {
  const { t, i18n } = useTranslation();
  const place = usePlaceName();
  const languageName = useMemo(() => {
    try {
      return new Intl.DisplayNames([i18n.language], { type: 'language' }).of(person.language);
    } catch {
      return undefined;
    }
  }, [i18n.language, person.language]);
  return (
    <section className="card mb-3" aria-label={title}>
      <div className="card-body">
        <h2 className="h5 card-title">
          {title}: {person.name}
        </h2>
        <p className="mb-1 small">
          {t(`operators.genders.${person.gender}`)} ·{' '}
          {t('operators.age', { age: ageOn(person.birth_date, new Date()) })} ·{' '}
          {place(person.city, person.country)} · {t('operators.member_language')}:{' '}
          <strong>{languageName ?? person.language}</strong>
          {credits !== undefined && (
            <>
              {' '}
              · {t('operators.credits')}: <strong data-testid="member-credits">{credits}</strong>
            </>
          )}
        </p>
        {person.about && <p className="small text-body-secondary mb-2">{person.about}</p>}
        {person.photos.length > 0 && (
          <div className="d-flex flex-wrap gap-2">
            {person.photos.slice(0, 6).map((photo) => (
              <img
                key={photo.id}
                src={`/media/${photo.thumb}`}
                alt=""
                width={72}
                height={72}
                className="rounded object-fit-cover"
              />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

/**
 * A photo in the history. The server sends its image only to whom may open it (the operator holding
 * the claim, admins); anyone else reads that there was a photo and how to see it.
 */
function OperatorPhotoMessage({ image, sender }: { image: OperatorMessage['image']; sender: string }) {
  const { t } = useTranslation();
  if (!image)
    return (
      <div>
        {t('operators.photo')}{' '}
        <span className="small text-body-secondary">{t('operators.photo_claim_hint')}</span>
      </div>
    );
  return (
    <a href={image.url} target="_blank" rel="noreferrer" className="admin-operator-photo">
      <img
        src={image.thumb_url}
        alt={t('operators.photo_alt', { name: sender })}
        width={image.width}
        height={image.height}
        loading="lazy"
      />
    </a>
  );
}

/** The operator's screen of one conversation: both people, the history, the note, the answer. */
export function OperatorConversationScreen({ conversationId }: { conversationId: number }) {
  const { t, i18n } = useTranslation();
  const [view, setView] = useState<OperatorConversation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [note, setNote] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const lastTyping = useRef(0);
  const nextButton = useRef<HTMLButtonElement>(null);
  const next = useClaimNext();

  const fail = (e: unknown) => setError(codeOf(e));
  const read = useCallback(
    () =>
      adminRequest<OperatorConversation>('/api/admin/operator-conversation.php', {
        query: { conversation: conversationId },
      }),
    [conversationId],
  );
  const load = useCallback(async () => {
    try {
      const data = await read();
      setView(data);
      setNote(data.note.body);
      setError(null);
    } catch (e) {
      setError(codeOf(e));
    }
  }, [read]);
  useEffect(() => {
    void load();
  }, [load]);

  // The member writes while the conversation is open here: the back office's socket says it waits
  // (by id only), and its history is read again, as at each opening of the socket (a message sent
  // while it was down). The note being typed stays as it is; a failed read leaves the history shown
  // (the next event, or the operator's own action, reads it again).
  useStaffChanges(
    (change) => change.list === 'operator_queue' && change.kind === 'waiting' && change.id === conversationId,
    () =>
      void read().then(setView, () => {
        // Kept as it was.
      }),
  );

  const claim = async () => {
    try {
      await adminRequest<OperatorClaim>('/api/admin/operator-claim.php', {
        method: 'POST',
        body: { conversation: { id: conversationId } },
      });
      await load();
    } catch (e) {
      fail(e);
    }
  };

  const typed = (value: string) => {
    setText(value);
    const now = Date.now();
    if (!value.trim() || now - lastTyping.current < TYPING_SEND_EVERY_MS) return;
    lastTyping.current = now;
    adminRequest('/api/admin/operator-typing.php', {
      method: 'POST',
      body: { conversation: { id: conversationId } },
    }).catch(fail);
  };

  const send = async () => {
    if (!text.trim()) return;
    setSending(true);
    try {
      await adminRequest<SendMessageResponse>('/api/admin/operator-reply.php', {
        method: 'POST',
        body: { conversation: { id: conversationId }, client_id: crypto.randomUUID(), body: text },
      });
      setText('');
      setStatus(t('operators.sent'));
      await load();
      nextButton.current?.focus();
    } catch (e) {
      fail(e);
    } finally {
      setSending(false);
    }
  };

  const photoSent = async () => {
    setStatus(t('operators.sent'));
    setError(null);
    await load();
    nextButton.current?.focus();
  };

  const saveNote = async () => {
    try {
      await adminRequest('/api/admin/operator-note.php', {
        method: 'POST',
        body: { conversation: { id: conversationId }, body: note },
      });
      setStatus(t('operators.note_saved'));
    } catch (e) {
      fail(e);
    }
  };

  const shownError = next.error ?? error;
  return (
    <>
      <p>
        <Link to="/admin/operators">{t('operators.back')}</Link>
      </p>
      {shownError && (
        <p className="alert alert-warning" role="alert">
          {errorText(t, shownError)}
        </p>
      )}
      {status && (
        <p className="alert alert-success" role="status">
          {status}
        </p>
      )}
      {view && (
        <div className="row g-3">
          <div className="col-lg-4 order-lg-2">
            <PersonCard person={view.member} title={t('operators.member')} credits={view.member.credits} />
            <PersonCard person={view.profile} title={t('operators.fictional')} />
            <FormTextarea
              id="operator-note"
              label={t('operators.note')}
              className="mb-2"
              rows={4}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              onClick={() => void saveNote()}
            >
              {t('operators.save_note')}
            </button>
          </div>
          <div className="col-lg-8 order-lg-1">
            <h1 className="h3">{t('operators.history')}</h1>
            <ol className="list-unstyled" data-testid="operator-history">
              {view.messages.map((message) => (
                <li
                  key={message.id}
                  className={`p-2 mb-2 rounded ${message.from === 'profile' ? 'bg-primary-subtle ms-5' : 'bg-body-secondary me-5'}`}
                >
                  <div className="small text-body-secondary">
                    {message.from === 'profile' ? t('operators.from_profile') : t('operators.from_member')} ·{' '}
                    {new Date(message.created_at).toLocaleString(i18n.language)}
                  </div>
                  {message.kind === 'gift' && <div>{t('operators.gift', { name: message.gift ?? '' })}</div>}
                  {message.kind === 'image' && (
                    <OperatorPhotoMessage
                      image={message.image}
                      sender={message.from === 'profile' ? view.profile.name : view.member.name}
                    />
                  )}
                  {message.body && <div className="text-break">{message.body}</div>}
                </li>
              ))}
            </ol>
            {view.claim ? (
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  void send();
                }}
              >
                <p className="small text-body-secondary">
                  {t('operators.claim_until', {
                    time: new Date(view.claim.expires_at).toLocaleTimeString(i18n.language),
                  })}
                </p>
                <FormTextarea
                  id="operator-reply"
                  label={t('operators.reply', { name: view.profile.name })}
                  className="mb-2"
                  rows={3}
                  value={text}
                  onChange={(event) => typed(event.target.value)}
                />
                <details className="mb-2">
                  <summary>{t('operators.icebreakers')}</summary>
                  <ul className="list-unstyled mt-2" lang={view.member.language}>
                    {view.icebreakers.map((line) => (
                      <li key={line} className="mb-1">
                        {/* Taken into the reply, to send as it is or changed: typing it renews the claim. */}
                        <button
                          type="button"
                          className="btn btn-outline-secondary btn-sm w-100 text-start"
                          onClick={() => typed(line)}
                        >
                          {line}
                        </button>
                      </li>
                    ))}
                  </ul>
                </details>
                <div className="d-flex flex-wrap align-items-start gap-2">
                  <button type="submit" className="btn btn-primary" disabled={sending || !text.trim()}>
                    {t('operators.send')}
                  </button>
                  <OperatorPhotoAnswer conversationId={conversationId} onSent={() => void photoSent()} />
                </div>
              </form>
            ) : (
              <p>
                {t('operators.not_claimed')}{' '}
                <button type="button" className="btn btn-primary btn-sm" onClick={() => void claim()}>
                  {t('operators.claim')}
                </button>
              </p>
            )}
            <p className="mt-3">
              <button
                ref={nextButton}
                type="button"
                className="btn btn-outline-primary"
                onClick={() => void next.claimNext()}
                aria-keyshortcuts="N"
              >
                {t('operators.claim_next')}
              </button>{' '}
              <span className="small text-body-secondary">{t('operators.claim_next_hint')}</span>
            </p>
          </div>
        </div>
      )}
    </>
  );
}
