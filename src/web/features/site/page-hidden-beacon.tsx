import { useEffect } from 'react';

/** Tells the server when the page goes out of sight; with ?lb on the entry URL, also as a bounce. */
export function PageHiddenBeacon() {
  useEffect(() => {
    const bounceLogging = new URLSearchParams(window.location.search).get('lb');
    const onHidden = () => {
      if (document.visibilityState !== 'hidden' || !navigator.sendBeacon) return;
      const params = new URLSearchParams({ path: window.location.pathname });
      if (bounceLogging) params.set('lb', bounceLogging);
      navigator.sendBeacon(`/api/page-hidden.php?${params}`, new Blob(['{}'], { type: 'application/json' }));
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => document.removeEventListener('visibilitychange', onHidden);
  }, []);
  return null;
}
