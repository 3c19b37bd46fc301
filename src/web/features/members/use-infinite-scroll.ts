import { type RefObject, useEffect, useRef } from 'react';

/**
 * Calls `onReach` when the sentinel element comes within `margin` of the viewport. Without
 * IntersectionObserver nothing happens: the page's "Show more" button does the same job.
 */
export function useInfiniteScroll(
  sentinel: RefObject<Element | null>,
  onReach: () => void,
  enabled: boolean,
  margin = '600px',
) {
  const callback = useRef(onReach);
  callback.current = onReach;
  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: `0px 0px ${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [sentinel, enabled, margin]);
}
