/**
 * The opening lines of every locale (members.json icebreakers.lines), in the order shown: a member
 * picks one for a first message, an operator one for a fictional profile's reply.
 */
export const ICEBREAKER_LINES = [
  'l01',
  'l02',
  'l03',
  'l04',
  'l05',
  'l06',
  'l07',
  'l08',
  'l09',
  'l10',
] as const;
