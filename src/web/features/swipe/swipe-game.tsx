import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { MemberCard } from '../../../shared/contracts/members.ts';
import type { SwipeAction, SwipeState } from '../../../shared/contracts/swipe.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { memberCardSettings, useRootData } from '../../lib/root-data.ts';
import { browserTimeZone } from '../../lib/time-zone-cookie.ts';
import { usePlaceName } from '../../lib/use-country-name.ts';
import { announceConnection } from '../likes/connection-events.ts';
import { HeartIcon } from '../members/member-icons.tsx';
import { filtersToParams, type SearchFilters } from '../members/search-filters.ts';
import { useSession } from '../session/member-session.tsx';
import { FLY_OUT_MS, SwipeCard } from './swipe-card.tsx';
import { SwipeLimit } from './swipe-limit.tsx';
import { ignoresArrowKeys } from './swipe-logic.ts';
import { swipeGameQuery, swipeKeys, useSwipeCalls } from './swipe-queries.ts';

const PassIcon = () => (
  <Icon size={28}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);

const UndoIcon = () => (
  <Icon size={22}>
    <path d="M9 14 4 9l5-5" />
    <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
  </Icon>
);

/** Whether the member asked their system for less motion; followed live. */
function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    if (!query) return;
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function LikesLeft({ left }: { left: number }) {
  const { t } = useTranslation();
  return (
    <p className="swipe-likes-left">
      <span className="swipe-hearts" aria-hidden="true">
        {Array.from({ length: LIMITS.swipeLikesPerDay }, (_, i) => i + 1).map((n) => (
          <span key={n} className={n <= left ? 'is-left' : undefined}>
            <HeartIcon filled={n <= left} />
          </span>
        ))}
      </span>
      {t('swipe_game.likes_left', { count: left })}
    </p>
  );
}

type Leaving = { id: number; action: SwipeAction; at: { x: number; y: number } | null };

/**
 * /swipe-game: one member at a time from the member's search. Like or pass by dragging the card,
 * with the buttons or with the arrow keys (left: pass, right: like); the last pass can be taken
 * back. After the day's likes, when they come back (SwipeLimit) instead of the card.
 * `initial`: the loader's answer, rendered with the HTML; null when it was refused (the page then
 * asks the API and shows its answer).
 */
export function SwipeGame({ filters, initial }: { filters: SearchFilters; initial: SwipeState | null }) {
  const { t } = useTranslation();
  const root = useRootData();
  const { user } = useSession();
  const placeName = usePlaceName();
  const reducedMotion = usePrefersReducedMotion();
  const queryClient = useQueryClient();
  // The loader read the game as the page opened (on every navigation here): it replaces whatever
  // the cache kept from an earlier visit, and is not read again behind the member's back.
  useState(() => {
    if (initial) queryClient.setQueryData(swipeKeys.game(filters), initial);
  });
  const game = useQuery({ ...swipeGameQuery(filters), refetchOnMount: initial === null });
  const calls = useSwipeCalls(filters);
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  // Named in the undo button; unknown after a reload (the server still knows the pass).
  const [lastPassed, setLastPassed] = useState<MemberCard | null>(null);

  const state: SwipeState | undefined = game.data;
  const card = state?.card ?? null;

  // Rendered in another zone than the browser's (its first page, before the tz cookie, or a trip
  // since): read again with the browser's zone, which counts until the first swipe stores one.
  // Once: an alias the server names otherwise (Asia/Calcutta, Asia/Kolkata) must not ask forever.
  const renderedZone = state?.time_zone;
  const askedZone = useRef(false);
  const reload = calls.reload;
  useEffect(() => {
    const zone = browserTimeZone();
    if (askedZone.current || !renderedZone || !zone || renderedZone === zone) return;
    askedZone.current = true;
    void reload();
  }, [renderedZone, reload]);

  const failureText = useCallback(
    (e: unknown) => {
      return errorText(t, e instanceof ApiError ? e.code : undefined, { fallback: 'swipe_game.error' });
    },
    [t],
  );

  const act = useCallback(
    async (action: SwipeAction, at: Leaving['at'] = null) => {
      if (!card || busy) return;
      setBusy(true);
      setError('');
      setStatus('');
      setLeaving({ id: card.id, action, at });
      try {
        const [answer] = await Promise.all([
          calls.swipe(card.id, action),
          wait(reducedMotion ? 0 : FLY_OUT_MS),
        ]);
        calls.setGame(answer.next);
        if (action === 'pass') setLastPassed(card);
        else {
          setLastPassed(null);
          void calls.likesChanged();
        }
        setStatus(
          t(action === 'like' ? 'swipe_game.done_like' : 'swipe_game.done_pass', { name: card.name }),
        );
        if (answer.match) announceConnection({ kind: 'match', member: card });
      } catch (e) {
        // The limit reached in another tab, the member gone meanwhile: the game as it is now.
        if (!(e instanceof ApiError && e.code === 'swipe_limit_reached')) setError(failureText(e));
        await calls.reload();
      } finally {
        setLeaving(null);
        setBusy(false);
      }
    },
    [card, busy, calls, reducedMotion, t, failureText],
  );

  const undo = async () => {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const restored = await calls.undo();
      calls.setGame(restored);
      setLastPassed(null);
      if (restored.card) setStatus(t('swipe_game.done_undo', { name: restored.card.name }));
    } catch (e) {
      setError(failureText(e));
      await calls.reload();
    } finally {
      setBusy(false);
    }
  };

  // Left: pass, right: like, anywhere on the page (not while typing or while a dialog is open).
  useEffect(() => {
    if (!card) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      if (ignoresArrowKeys(event, document)) return;
      event.preventDefault();
      void act(event.key === 'ArrowRight' ? 'like' : 'pass');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [card, act]);

  if (!root) return null;
  const { settings } = root;
  const search = filtersToParams(filters).toString();
  const searchHref = `/members${search ? `?${search}` : ''}`;

  const undoButton = state?.can_undo ? (
    <button
      type="button"
      className="swipe-button swipe-button-undo"
      aria-label={
        lastPassed ? t('swipe_game.undo_label', { name: lastPassed.name }) : t('swipe_game.undo_label_any')
      }
      disabled={busy}
      onClick={() => void undo()}
    >
      <UndoIcon />
      <span className="swipe-button-text">{t('swipe_game.undo')}</span>
    </button>
  ) : null;

  let body: ReactNode;
  if (!state) {
    body = game.isError ? (
      <div className="alert alert-warning swipe-alert" role="alert">
        <span>{t('swipe_game.load_failed')}</span>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => void game.refetch()}
        >
          {t('swipe_game.retry')}
        </button>
      </div>
    ) : (
      <div className="swipe-placeholder" role="status">
        <span className="visually-hidden">{t('swipe_game.loading')}</span>
      </div>
    );
  } else if (state.likes_left === 0) {
    body = (
      <SwipeLimit
        state={state}
        premium={user?.paid_user === true}
        matchChance={settings.premium_match_chance}
        searchHref={searchHref}
        onDone={() => void calls.reload()}
      />
    );
  } else if (!card) {
    body = (
      <>
        <section className="swipe-empty" aria-labelledby="swipe-empty-title">
          <h2 id="swipe-empty-title" className="h4">
            {t('swipe_game.empty_title')}
          </h2>
          <p>{t('swipe_game.empty_text')}</p>
          <Link to={searchHref} className="btn btn-primary">
            {t('swipe_game.empty_link')}
          </Link>
        </section>
        {/* The last member passed: they can still come back. */}
        {undoButton && <div className="swipe-actions">{undoButton}</div>}
      </>
    );
  } else {
    const place = placeName(card.city, card.country);
    const vars = { name: card.name };
    body = (
      <>
        <div className="swipe-stack">
          <SwipeCard
            key={card.id}
            member={card}
            {...memberCardSettings(settings)}
            place={place}
            leaving={leaving?.id === card.id ? leaving.action : null}
            releasedAt={leaving?.id === card.id ? leaving.at : null}
            reducedMotion={reducedMotion}
            disabled={busy}
            onSwipe={(action, at) => void act(action, at)}
          />
        </div>
        <div className="swipe-actions">
          <button
            type="button"
            className="swipe-button swipe-button-pass"
            aria-label={t('swipe_game.pass_label', vars)}
            disabled={busy}
            onClick={() => void act('pass')}
          >
            <PassIcon />
            <span className="swipe-button-text">{t('swipe_game.pass')}</span>
          </button>
          {undoButton}
          <button
            type="button"
            className="swipe-button swipe-button-like"
            aria-label={t('swipe_game.like_label', vars)}
            disabled={busy}
            onClick={() => void act('like')}
          >
            <HeartIcon filled />
            <span className="swipe-button-text">{t('swipe_game.like')}</span>
          </button>
        </div>
        <LikesLeft left={state.likes_left} />
        <p className="swipe-hint">{t('swipe_game.hint')}</p>
      </>
    );
  }

  return (
    // The page spans the window, so a card flying out is clipped at the window's edge, not the column's.
    <main id="main" className="swipe-page">
      <div className="container swipe-column">
        <div className="swipe-head">
          <h1 className="swipe-title">{t('swipe_game.title')}</h1>
          <p className="swipe-change">
            <span className="swipe-change-intro">{t('swipe_game.from_search')} </span>
            <Link to={searchHref}>{t('swipe_game.change_search')}</Link>
          </p>
        </div>
        {error && (
          <div className="alert alert-danger swipe-alert" role="alert">
            {error}
          </div>
        )}
        <div className="swipe-board">{body}</div>
        <p className="visually-hidden" role="status">
          {status}
        </p>
      </div>
    </main>
  );
}
