import type { MetaDescriptor } from 'react-router';

type RootMatchData = { settings: { name: string; description: string } } | undefined;

/** `<page> | <site name>` with the site's description, for pages that are not the home page. */
export function pageMeta(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
  title: string | undefined,
  description?: string,
): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root')?.data as RootMatchData;
  const siteName = root?.settings.name ?? '';
  return [
    { title: title ? `${title} | ${siteName}` : siteName },
    { name: 'description', content: description ?? root?.settings.description ?? '' },
  ];
}
