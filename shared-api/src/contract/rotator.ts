import { Type, type Static } from '@sinclair/typebox';
import { Id, MAX_URL, Nullable, strict } from './common';

/**
 * The rotator link (issue 14): `GET {API_PUBLIC_URL}/r/{userId}` sends each visitor to the link
 * whose turn it is. A browser URL (302 or an HTML page), not a JSON call: see ROTATOR_PATH.
 */
export const ROTATOR_PATH = '/r/:userId';

/** Where a qualified rotator click goes (issue 14 "Rotation modes"; `optimize`: issue 30, decision 0154). */
export const ROTATION_MODES = ['fulfillment', 'round_robin', 'random', 'spillover', 'optimize'] as const;
export const RotationMode = Type.Union(ROTATION_MODES.map((m) => Type.Literal(m)));
export type RotationMode = Static<typeof RotationMode>;

/** Where the rotator sends a visitor when no link is pending. */
export const ON_FINISH = ['page', 'backup', 'restart'] as const;
export const OnFinish = Type.Union(ON_FINISH.map((m) => Type.Literal(m)));
export type OnFinish = Static<typeof OnFinish>;

/** A repeat is the same visitor on the same link within this many hours; 0 = off. */
export const MAX_UNIQUE_WINDOW_HOURS = 720;

/** Every click is stored with one of these; only `counted` burns a cap. */
export const CLICK_VERDICTS = ['counted', 'repeat', 'bot'] as const;
export type ClickVerdict = (typeof CLICK_VERDICTS)[number];
export const CLICK_SOURCES = ['page', 'rotator'] as const;
export type ClickSource = (typeof CLICK_SOURCES)[number];
export const DEVICE_CLASSES = ['mobile', 'tablet', 'desktop', 'bot'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

const UniqueWindowHours = Type.Integer({ minimum: 0, maximum: MAX_UNIQUE_WINDOW_HOURS });

export const RotatorSettings = Type.Object({
  /** `{API_PUBLIC_URL}/r/{userId}`: the one link to post anywhere. */
  rotator_url: Type.String(),
  mode: RotationMode,
  on_finish: OnFinish,
  backup_url: Nullable(Type.String()),
  unique_window_hours: UniqueWindowHours,
  filter_bots: Type.Boolean(),
  /** Issue 16: mail the owner when a link reaches its cap. */
  notify_link_completed: Type.Boolean(),
  /** Issue 16: mail the owner when the queue becomes empty. */
  notify_queue_empty: Type.Boolean(),
});
export type RotatorSettings = Static<typeof RotatorSettings>;

/**
 * Only the fields sent change. `backup_url` follows the link URL rule of spec §5 ('www.' stored as
 * 'https://www.'); null or '' clears it; on_finish 'backup' needs one (sent or already saved).
 */
export const UpdateRotatorBody = Type.Object(
  {
    user_id: Id,
    mode: Type.Optional(RotationMode),
    on_finish: Type.Optional(OnFinish),
    backup_url: Type.Optional(Nullable(Type.String({ maxLength: MAX_URL }))),
    unique_window_hours: Type.Optional(UniqueWindowHours),
    filter_bots: Type.Optional(Type.Boolean()),
    notify_link_completed: Type.Optional(Type.Boolean()),
    notify_queue_empty: Type.Optional(Type.Boolean()),
  },
  strict,
);
export type UpdateRotatorBody = Static<typeof UpdateRotatorBody>;
export const UpdateRotatorOk = Type.Object({ message: Type.String(), settings: RotatorSettings });
export type UpdateRotatorOk = Static<typeof UpdateRotatorOk>;
