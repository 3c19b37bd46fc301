import { useState } from 'react';
import { ApiError, request } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n.tsx';

type State = {
  busy: boolean;
  fieldErrors: Record<string, string>;
  error?: string;
  errorCode?: string;
  details?: unknown;
};

/**
 * Posts a form to an API call and turns its answer into translated texts: field codes become
 * `validation.<code>`, other failures `errors.<code>` (with the details' placeholders).
 */
export function useApiForm<T>(url: string) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ busy: false, fieldErrors: {} });
  const submit = async (body: unknown): Promise<T | undefined> => {
    setState({ busy: true, fieldErrors: {} });
    try {
      const result = await request<T>(url, { method: 'POST', body });
      setState({ busy: false, fieldErrors: {} });
      return result;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation_failed') {
        const raw =
          (error.details as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors ?? {};
        const fieldErrors = Object.fromEntries(
          Object.entries(raw).map(([field, codes]) => [field, t(`validation.${codes[0]}`)]),
        );
        setState({ busy: false, fieldErrors });
      } else if (error instanceof ApiError) {
        const vars = (error.details ?? {}) as Record<string, string | number>;
        const key = `errors.${error.code}`;
        const text = t(key, vars);
        setState({
          busy: false,
          fieldErrors: {},
          error: text === key ? t('errors.general') : text,
          errorCode: error.code,
          details: error.details,
        });
      } else {
        setState({ busy: false, fieldErrors: {}, error: t('errors.general') });
      }
      return undefined;
    }
  };
  return { ...state, submit };
}
