import { data, type MetaDescriptor } from 'react-router';
import type { AdminKey } from '../../../shared/i18n/keys.generated.ts';
import { createTranslator, type Messages } from '../../../shared/i18n/translator.ts';
import type { ServiceResult } from '../../../shared/load-context.ts';
import { pageMeta } from '../../lib/meta.ts';

/**
 * A back-office page's title from the admin layout's texts, so a page needs no loader for it. The
 * home page must have none: its data request (/admin.data) lies outside the staff cookie's path
 * (/admin and below), so a server loader there would see no staff session on a client navigation.
 */
export function adminPageMeta(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
  key: AdminKey,
): MetaDescriptor[] {
  const layout = matches.find((match) => match?.id === 'layouts/admin-layout')?.data as
    | { texts?: Messages }
    | undefined;
  return pageMeta(matches, createTranslator(layout?.texts)(key));
}

/**
 * The filters in a back-office list's address, without the empty ones: its GET form sends every
 * field, and an empty one means "any" (the list's schema would refuse it).
 */
export function filledParams(request: Request): Record<string, string> {
  return Object.fromEntries(
    [...new URL(request.url).searchParams].filter(([, value]) => value.trim() !== ''),
  );
}

/**
 * A back-office loader's service answer, or its refusal thrown as the page's error (403: the
 * roles do not open the page, shown by AdminErrorBoundary inside the layout).
 */
export function dataOrThrow<T>(result: ServiceResult<T>): T {
  if (result.ok) return result.data;
  throw data({ code: result.code }, { status: result.status });
}
