/**
 * IANA time zones as the browser reports them (Intl.DateTimeFormat().resolvedOptions().timeZone)
 * and the server accepts them: a zone Intl knows, under its canonical name. Shared, so the contract
 * refuses what the swipe service could not compute with.
 */

let supported: Set<string> | undefined;

function supportedZones(): Set<string> {
  // UTC is valid everywhere but not listed by every engine's supportedValuesOf.
  supported ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return supported;
}

/** The zone's canonical name (Etc/UTC → UTC, US/Pacific → America/Los_Angeles), or null if unknown. */
export function canonicalTimeZone(zone: string): string | null {
  if (zone.length === 0 || zone.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(zone)) return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  // Aliases resolve to the listed name (Asia/Kolkata → Asia/Calcutta where the list has the old one);
  // what resolves outside the list (EST, Etc/GMT+5) is not a place a member lives in.
  return supportedZones().has(resolved) ? resolved : null;
}

export const isTimeZone = (zone: string): boolean => canonicalTimeZone(zone) !== null;
