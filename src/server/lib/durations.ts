/** A day in milliseconds, for the clock's arithmetic (a calendar day in a time zone is another matter). */
export const DAY_MS = 86_400_000;
