/** What a back-office action answered, said where screen readers hear it. */
export type AdminNoticeValue = { kind: 'success' | 'error'; text: string };

/**
 * The live region a back-office page keeps in its markup from the start (a region added with its
 * text is not announced), with the last action's outcome in it.
 */
export function AdminNotice({ notice }: { notice: AdminNoticeValue | null }) {
  return (
    <div role="status" aria-live="polite">
      {notice && (
        <div className={`alert alert-${notice.kind === 'success' ? 'success' : 'danger'}`}>{notice.text}</div>
      )}
    </div>
  );
}
