/** The wire shape of every API error: `{ error: { code, message, details? } }`. */
type ErrorEnvelope = { error: { code: string; message: string; details?: unknown } };

/** A plain check (no zod) so the browser's API client stays small. */
export function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  if (!value || typeof value !== 'object') return false;
  const error = (value as { error?: unknown }).error;
  return (
    !!error &&
    typeof error === 'object' &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}
