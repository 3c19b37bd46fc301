/**
 * Which item a moderator looks at after the queue changed under them (their own decision, another
 * moderator's, a newer read of the queue): the same one while it waits; when it left, the next one
 * after it that still waits, so a decision never jumps back to the start; past the end, the newest.
 */
export function keepPosition(
  previous: readonly number[],
  current: number | null,
  next: readonly number[],
): number | null {
  if (current !== null && next.includes(current)) return current;
  const waiting = new Set(next);
  const from = current === null ? -1 : previous.indexOf(current);
  if (from >= 0) {
    const after = previous.slice(from + 1).find((id) => waiting.has(id));
    if (after !== undefined) return after;
    // Everything after it went; photos that arrived since come after the ones seen.
    const seen = new Set(previous);
    const arrived = next.find((id) => !seen.has(id));
    if (arrived !== undefined) return arrived;
    return next.at(-1) ?? null;
  }
  return next[0] ?? null;
}
