import { z } from 'zod';

/** The spec's notification preference types (§3), in the order /notifications lists them. */
export const NOTIFICATION_TYPES = [
  'new_conversations',
  'new_messages',
  'like',
  'unread_message_reminders',
  'weekly_updates',
  'reminders',
  'promotions',
  'news',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * Why the member's mail is off (spec §3): `fbl` a spam complaint, `bounce` the address does not take
 * mail, `listunsubscribe` a mail's one-click unsubscribe.
 */
export const DISABLED_REASONS = ['fbl', 'bounce', 'listunsubscribe'] as const;
export type DisabledReason = (typeof DISABLED_REASONS)[number];
/**
 * The reasons that stop every mail: the address does not take mail, or the member called one spam.
 * A one-click unsubscribe switches off its own type only; its reason is kept so the page can say so.
 */
export const MAIL_STOPPING_REASONS: readonly DisabledReason[] = ['fbl', 'bounce'];

/** Marketing waits for the member's yes (opt-in); everything about their own contacts is on. */
const OPT_IN_TYPES: readonly NotificationType[] = ['promotions', 'news'];

const ChannelsSchema = z.object({ email: z.boolean(), push: z.boolean() });

const NotificationPreferencesSchema = z.object(
  Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, ChannelsSchema])) as Record<
    NotificationType,
    typeof ChannelsSchema
  >,
);
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** What a member starts with until they change anything. */
export function defaultNotificationPreferences(): NotificationPreferences {
  return Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => {
      const on = !OPT_IN_TYPES.includes(type);
      return [type, { email: on, push: on }];
    }),
  ) as NotificationPreferences;
}

/** GET /api/notifications.php: the member's preferences and why their mail is off, if it is. */
export const NotificationSettingsSchema = z.object({
  preferences: NotificationPreferencesSchema,
  notifications_disabled: z.array(z.enum(DISABLED_REASONS)),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/**
 * PUT /api/notifications.php: the whole table of switches (a form sends every one of them), and/or
 * `enable_email: true` to switch mail back on after a disabled reason (the member vouches for it).
 */
export const NotificationSettingsInputSchema = z
  .object({
    preferences: NotificationPreferencesSchema.optional(),
    enable_email: z.literal(true).optional(),
  })
  .refine((v) => v.preferences !== undefined || v.enable_email !== undefined, {
    error: 'preferences or enable_email is required',
  });
export type NotificationSettingsInput = z.infer<typeof NotificationSettingsInputSchema>;

/**
 * The page's form post without JavaScript: a checkbox is sent as `<type>.<channel>=on` only when
 * ticked, so every switch not in the form is off.
 */
export function preferencesFromForm(form: Iterable<[string, FormDataEntryValue]>): NotificationPreferences {
  const ticked = new Set<string>();
  for (const [name] of form) ticked.add(name);
  return Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [
      type,
      { email: ticked.has(`${type}.email`), push: ticked.has(`${type}.push`) },
    ]),
  ) as NotificationPreferences;
}
