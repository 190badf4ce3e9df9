import { v1Paths } from '../paths/v1';
import { PostbackOk } from './conversions';
import type { Endpoint } from './endpoints';
import { StatsSeries, StatsSummary } from './stats';
import {
  CreateLinkBody,
  LinkParams,
  LinksPage,
  LinksQuery,
  NoContent,
  ProfileParams,
  ProfilesPage,
  ProfilesQuery,
  RecordConversionBody,
  ReorderBody,
  ReorderOk,
  SeriesQuery,
  SummaryQuery,
  V1UpdateLinkBody,
  V1UpdateRotatorBody,
  V1Link,
  V1RotatorSettings,
} from './v1';

const e = <T extends Endpoint>(x: T) => x;
/** Every v1 call but the profile list acts on the profile named in its path. */
const onProfile = { in: 'params', name: 'profileId' } as const;
const IDEMPOTENT =
  ' Send an `Idempotency-Key` header to make a retry safe: the same key with the same body replays the first answer for 24 hours.';

/**
 * Issue 31: the public REST API (/api/v1). Each call declares its permission and profile like the
 * spec's calls (`access`), so the same access module checks an API key's scopes and ownership;
 * `summary`/`description` and the schemas' `examples` make its OpenAPI document.
 */
export const v1Endpoints = {
  listProfiles: e({
    ...v1Paths.listProfiles,
    summary: 'List the account’s profiles',
    description: 'The member and its sub-profiles, oldest first (a sub-profile signed in on its own sees only itself).',
    access: { permission: 'profile:read', profile: 'self' },
    querystring: ProfilesQuery,
    response: { 200: ProfilesPage },
  }),
  listLinks: e({
    ...v1Paths.listLinks,
    summary: 'List a profile’s links in queue order',
    description: 'Filter by `status`; paged by `cursor` (the previous page’s `next_cursor`).',
    access: { permission: 'links:read', profile: onProfile },
    params: ProfileParams,
    querystring: LinksQuery,
    response: { 200: LinksPage },
  }),
  createLink: e({
    ...v1Paths.createLink,
    summary: 'Add a link at the end of the queue',
    description: `Needs an active plan; at most 20 links per profile.${IDEMPOTENT}`,
    access: { permission: 'links:write', profile: onProfile },
    params: ProfileParams,
    body: CreateLinkBody,
    response: { 201: V1Link },
  }),
  reorderLinks: e({
    ...v1Paths.reorderLinks,
    summary: 'Set the order of the pending queue',
    description: `\`link_ids\` must name every pending link exactly once.${IDEMPOTENT}`,
    access: { permission: 'links:write', profile: onProfile },
    params: ProfileParams,
    body: ReorderBody,
    response: { 200: ReorderOk },
  }),
  getLink: e({
    ...v1Paths.getLink,
    summary: 'Read one link',
    access: { permission: 'links:read', profile: onProfile },
    params: LinkParams,
    response: { 200: V1Link },
  }),
  updateLink: e({
    ...v1Paths.updateLink,
    summary: 'Change a link’s name, URL, cap or click parameter',
    description: 'Only the fields sent change. A cap at or below the clicks already counted completes the link.',
    access: { permission: 'links:write', profile: onProfile },
    params: LinkParams,
    body: V1UpdateLinkBody,
    response: { 200: V1Link },
  }),
  deleteLink: e({
    ...v1Paths.deleteLink,
    summary: 'Delete a link',
    access: { permission: 'links:write', profile: onProfile },
    params: LinkParams,
    response: { 204: NoContent },
  }),
  pauseLink: e({
    ...v1Paths.pauseLink,
    summary: 'Pause a link',
    description: `The queue, the visitor page and the rotator skip it until it is resumed.${IDEMPOTENT}`,
    access: { permission: 'links:write', profile: onProfile },
    params: LinkParams,
    response: { 200: V1Link },
  }),
  resumeLink: e({
    ...v1Paths.resumeLink,
    summary: 'Resume a paused link',
    description: `Back in the queue at its old place.${IDEMPOTENT}`,
    access: { permission: 'links:write', profile: onProfile },
    params: LinkParams,
    response: { 200: V1Link },
  }),
  resetLink: e({
    ...v1Paths.resetLink,
    summary: 'Reset a link’s clicks and send it to the end of the queue',
    description: IDEMPOTENT.trim(),
    access: { permission: 'links:write', profile: onProfile },
    params: LinkParams,
    response: { 200: V1Link },
  }),
  getRotator: e({
    ...v1Paths.getRotator,
    summary: 'Read the profile’s rotator link and settings',
    access: { permission: 'rotator:read', profile: onProfile },
    params: ProfileParams,
    response: { 200: V1RotatorSettings },
  }),
  updateRotator: e({
    ...v1Paths.updateRotator,
    summary: 'Change rotator settings',
    description: "Only the fields sent change; on_finish 'backup' needs a backup_url (sent or saved).",
    access: { permission: 'rotator:write', profile: onProfile },
    params: ProfileParams,
    body: V1UpdateRotatorBody,
    response: { 200: V1RotatorSettings },
  }),
  getStatsSummary: e({
    ...v1Paths.getStatsSummary,
    summary: 'Click and conversion totals over a range',
    description: 'Answered from 15-minute roll-ups: `from`/`to` in the answer are the range covered.',
    access: { permission: 'stats:read', profile: onProfile },
    params: ProfileParams,
    querystring: SummaryQuery,
    response: { 200: StatsSummary },
  }),
  getStatsSeries: e({
    ...v1Paths.getStatsSeries,
    summary: 'Clicks and conversions per hour or day',
    description: 'Buckets in `tz` (default UTC), empty ones as zeros; optionally one link only.',
    access: { permission: 'stats:read', profile: onProfile },
    params: ProfileParams,
    querystring: SeriesQuery,
    response: { 200: StatsSeries },
  }),
  recordConversion: e({
    ...v1Paths.recordConversion,
    summary: 'Record a conversion (sale or refund)',
    description:
      'Recorded once per `txid` (a repeat answers 200 `duplicate`); 201 `recorded` when attributed to its click, 202 `unattributed` otherwise. A `click_id` must be a click of this profile.' +
      IDEMPOTENT,
    access: { permission: 'conversions:write', profile: onProfile },
    params: ProfileParams,
    body: RecordConversionBody,
    response: { 200: PostbackOk, 201: PostbackOk, 202: PostbackOk },
  }),
} as const;

export type V1CallName = keyof typeof v1Endpoints;
