import {
  createContext,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n.tsx';
import { lazyNamed } from '../../lib/on-demand.ts';
import { isPlainClick } from '../../lib/plain-click.ts';
import { isModalViewport } from './signup-viewport.ts';

/*
 * The part of sign-up every page carries: a context, one click listener and a lazy modal.
 * Everything else (form, zod, e-mail checker) loads when the modal first opens, so the home
 * page's JavaScript stays small.
 */

const loadModal = () => import('./signup-modal.tsx');
const SignupModal = lazyNamed(() => loadModal().then((m) => m.SignupModal));

type ModalState = {
  open: boolean;
  /** Mounted once opened, and kept while closed so a half-filled form survives closing. */
  mounted: boolean;
  busy: boolean;
  finished: boolean;
  /** Bumped to start a fresh form after a finished sign-up. */
  generation: number;
};

type SignupContextValue = {
  open: () => void;
  state: ModalState;
  close: () => void;
  setBusy: (busy: boolean) => void;
  setFinished: () => void;
};

const SignupContext = createContext<SignupContextValue | null>(null);

/** Links that start a sign-up: marked with data-signup, or pointing at /signup. */
function signupLinkOf(target: EventTarget | null): HTMLAnchorElement | null {
  const anchor = target instanceof Element ? target.closest('a') : null;
  if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  if (anchor.hasAttribute('data-signup')) return anchor;
  return anchor.origin === window.location.origin && anchor.pathname === '/signup' ? anchor : null;
}

export function SignupProvider({ loggedIn, children }: { loggedIn: boolean; children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const language = useRef('');
  language.current = useTranslation().i18n.language;
  const [state, setState] = useState<ModalState>({
    open: false,
    mounted: false,
    busy: false,
    finished: false,
    generation: 0,
  });

  const open = useCallback(() => {
    if (loggedIn) navigate('/members');
    else if (isModalViewport()) setState((s) => ({ ...s, open: true, mounted: true }));
    else navigate('/signup');
  }, [loggedIn, navigate]);

  const close = useCallback(() => {
    setState((s) =>
      s.busy
        ? s
        : s.finished
          ? { ...s, open: false, mounted: false, finished: false, generation: s.generation + 1 }
          : { ...s, open: false },
    );
  }, []);

  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!isPlainClick(event) || !signupLinkOf(event.target)) return;
      // Phones follow the link to the full page; members are sent on by open().
      if (!loggedIn && !isModalViewport()) return;
      // Capture phase on window: before React Router's Link handles the same click.
      event.preventDefault();
      event.stopPropagation();
      openRef.current();
    };
    // Fetch the modal's code when the pointer or focus reaches a sign-up link.
    const prefetch = (event: Event) => {
      if (!loggedIn && isModalViewport() && signupLinkOf(event.target)) {
        void loadModal()
          .then((m) => m.preloadSignupTexts(language.current))
          .catch(() => {});
      }
    };
    window.addEventListener('click', onClick, true);
    document.addEventListener('pointerover', prefetch, { passive: true });
    document.addEventListener('focusin', prefetch);
    return () => {
      window.removeEventListener('click', onClick, true);
      document.removeEventListener('pointerover', prefetch);
      document.removeEventListener('focusin', prefetch);
    };
  }, [loggedIn]);

  // A link inside the modal (log in, terms, members) leaves the page the modal was opened on.
  const lastPath = useRef(pathname);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    close();
  }, [pathname, close]);

  const value = useMemo<SignupContextValue>(
    () => ({
      open,
      state,
      close,
      setBusy: (busy) => setState((s) => (s.busy === busy ? s : { ...s, busy })),
      setFinished: () => setState((s) => (s.finished ? s : { ...s, finished: true })),
    }),
    [open, state, close],
  );
  return <SignupContext.Provider value={value}>{children}</SignupContext.Provider>;
}

/** Where the modal lives in the layout; renders nothing until the first sign-up click. */
export function SignupModalHost() {
  const value = useContext(SignupContext);
  if (!value?.state.mounted) return null;
  const { state, close, setBusy, setFinished } = value;
  return (
    <Suspense fallback={null}>
      <SignupModal
        key={state.generation}
        open={state.open}
        busy={state.busy}
        onClose={close}
        onBusyChange={setBusy}
        onFinished={setFinished}
      />
    </Suspense>
  );
}
