import { useEffect, useState } from 'react';
import { useMatches, useNavigate } from 'react-router';

/**
 * The route ids where an installed app (no browser back button) shows its own back button. The
 * spec names them members-id, likes-type, likes-m-id, credits and credits-id-paymentmethod; the
 * likes and credits routes register these ids when they arrive.
 */
const BACK_BUTTON_ROUTE_IDS = [
  'member',
  'likes-type',
  'likes-member',
  'credits',
  'credits-id-paymentmethod',
] as const;

type BackButtonEnvironment = {
  routeIds: readonly string[];
  standalone: boolean;
  historyLength: number;
  /** React Router's index in its own history stack (history.state.idx): above 0 after a navigation. */
  historyIndex: number | undefined;
};

/** Only inside the installed app, on the listed routes, and only when there is somewhere to go back to. */
export function shouldShowBackButton(env: BackButtonEnvironment): boolean {
  if (!env.standalone) return false;
  if (!env.routeIds.some((id) => (BACK_BUTTON_ROUTE_IDS as readonly string[]).includes(id))) return false;
  return env.historyLength > 1 || (env.historyIndex ?? 0) > 0;
}

function isStandalone(): boolean {
  const iosStandalone = (window.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || (window.matchMedia?.('(display-mode: standalone)').matches ?? false);
}

function historyIndex(): number | undefined {
  const state: unknown = window.history.state;
  return state && typeof state === 'object' && 'idx' in state && typeof state.idx === 'number'
    ? state.idx
    : undefined;
}

/**
 * The installed app's back button; renders nothing on the server and in a browser tab. The page
 * passes its label, since the routes using it load different text namespaces.
 */
export function BackButton({ label, className }: { label: string; className?: string }) {
  const navigate = useNavigate();
  const matches = useMatches();
  const routeIds = matches.map((m) => m.id);
  const routeKey = routeIds.join('|');
  const [visible, setVisible] = useState(false);

  // After hydration only: display mode and history exist in the browser alone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: routeKey stands for routeIds
  useEffect(() => {
    setVisible(
      shouldShowBackButton({
        routeIds,
        standalone: isStandalone(),
        historyLength: window.history.length,
        historyIndex: historyIndex(),
      }),
    );
  }, [routeKey]);

  if (!visible) return null;
  return (
    <button
      type="button"
      className={`btn btn-link back-button ${className ?? ''}`}
      onClick={() => navigate(-1)}
    >
      <span aria-hidden="true">‹</span> {label}
    </button>
  );
}
