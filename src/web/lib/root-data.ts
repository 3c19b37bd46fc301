import { type ShouldRevalidateFunctionArgs, useRouteLoaderData } from 'react-router';
import type { loader } from '../root.tsx';

/**
 * The root route's data (locale, settings, company, member) for any component. Apart from
 * root.tsx, which renders features (the error page), so that a feature reading it closes no
 * import circle through the root (the lint's dependency-cruiser rules).
 */
export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>('root');
}

/**
 * A shouldRevalidate for a route whose data changes only with a form's post or a same-address
 * navigation (a language switch, a login, a logout); any other navigation keeps it. Here, beside the
 * root's data, because the root and the back office's layout both read theirs so.
 */
export function revalidateOnSubmitOrReload({
  defaultShouldRevalidate,
  formMethod,
  currentUrl,
  nextUrl,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return false;
}

/** What every member card takes from the site's settings: where photos live and the fictional mark. */
export function memberCardSettings(settings: RootData['settings']) {
  return {
    cdnPrefix: settings.cdn_prefix,
    fictionalIcon: settings.fictional_icon,
    fictionalWarning: settings.fictional_warning,
  };
}
