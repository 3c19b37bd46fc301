import { useState } from 'react';
import { request } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { describeApiError, type FormErrors } from './api-form-errors.ts';

type State = FormErrors & { busy: boolean };

/**
 * Posts a form to an API call and turns its answer into translated texts (see describeApiError).
 * `shownFields` names the inputs that display their own error.
 */
export function useApiForm<T>(url: string, shownFields: readonly string[] = []) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ busy: false, fieldErrors: {} });
  const submit = async (body: unknown): Promise<T | undefined> => {
    setState({ busy: true, fieldErrors: {} });
    try {
      const result = await request<T>(url, { method: 'POST', body });
      setState({ busy: false, fieldErrors: {} });
      return result;
    } catch (error) {
      setState({ busy: false, ...describeApiError(error, t, shownFields) });
      return undefined;
    }
  };
  return { ...state, submit };
}
