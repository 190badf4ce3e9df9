import { endpoints } from '@rotalink/shared-api/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { etagOf, notModified, sendNotModified } from '../../http/conditional';
import { grantedProfile } from '../../access/access-hook';
import { defineRoute, typed } from '../../http/define-route';
import { adminUserStats, profilesOf } from './admin-user-stats';
import { registerClickRetention } from './click-retention.job';
import { clicksCsvStream, csvFileName } from './clicks-csv';
import { CONVERSION_DEFAULTS, formatMinor } from '../conversions';
import { conversionsCsvFileName, conversionsCsvStream } from './conversions-csv';
import { readConversionStamps, readProfileRevenue } from './conversions-read.repository';
import { getSeries, requireSeriesLink } from './get-series';
import { getSummary, type LinkName } from './get-summary';
import { readLinkNames } from './link-names.repository';
import { readProfileCounts, readProfileTotals, type ProfileTotals } from './rollups-read.repository';
import { listSubProfiles } from '../users';
import { parseRange, parseZone, slotRange } from './stats-range';

/** Bump when an answer's shape or rules change, so no client keeps an answer of the old build. */
const ANSWER_VERSION = 'stats-2';

/** A profile's change stamp: its all-time totals only grow, with every click on any node. */
const stamp = (t: ProfileTotals | undefined) => (t ? `${t.counted}/${t.repeat}/${t.bot}` : '0');
const linksStamp = (links: LinkName[]) => links.map((l) => `${l.id}\u0001${l.name}\u0001${l.url}`).join('\u0002');

/** /api/stats (issue 15): a profile's click analytics, for its owner or the admin; and the admin's user totals. */
export async function statsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  registerClickRetention(fastify);

  app.route({
    ...defineRoute(app, endpoints.getStatsSummary, 'stats'),
    handler: async (request, reply) => {
      const range = slotRange(parseRange(request.query));
      const profile = grantedProfile(request);
      const [links, totals, sales] = await Promise.all([
        readLinkNames(app.db, profile.id),
        readProfileTotals(app.db, [profile.id]),
        readConversionStamps(app.db, [profile.id]),
      ]);
      const etag = etagOf([
        ANSWER_VERSION,
        'summary',
        profile.id,
        range.from,
        range.to,
        stamp(totals.get(profile.id)),
        sales.get(profile.id) ?? '',
        linksStamp(links),
      ]);
      if (notModified(request, reply, etag)) return sendNotModified(reply);
      return getSummary(app.db, { userId: profile.id, range, links });
    },
  });

  app.route({
    ...defineRoute(app, endpoints.getStatsSeries, 'stats'),
    handler: async (request, reply) => {
      const q = request.query;
      const range = parseRange(q);
      const zone = parseZone(q.tz);
      const profile = grantedProfile(request);
      if (q.link_id !== undefined) await requireSeriesLink(app.db, profile.id, q.link_id);
      const [totals, sales] = await Promise.all([readProfileTotals(app.db, [profile.id]), readConversionStamps(app.db, [profile.id])]);
      const etag = etagOf([
        ANSWER_VERSION,
        'series',
        sales.get(profile.id) ?? '',
        profile.id,
        range.from,
        range.to,
        q.interval,
        zone,
        q.link_id ?? '',
        stamp(totals.get(profile.id)),
      ]);
      if (notModified(request, reply, etag)) return sendNotModified(reply);
      return getSeries(app.db, { userId: profile.id, range, interval: q.interval, zone, linkId: q.link_id });
    },
  });

  app.route({
    ...defineRoute(app, endpoints.getStatsProfiles, 'stats'),
    handler: async (request, reply) => {
      const range = slotRange(parseRange(request.query));
      // Issue 30: the dashboard's revenue today, in the same answer as its 24 hours of clicks.
      const { revenue_from: revenueFrom } = request.query;
      const revenueRange = revenueFrom ? slotRange(parseRange({ from: revenueFrom, to: request.query.to })) : range;
      // The profile the access check granted (by default the caller's own), then its sub-profiles, oldest first.
      const root = grantedProfile(request);
      const ids = [root.id, ...(await listSubProfiles(app.db, root.id)).map((s) => s.id)];
      // The change stamp of the whole set: every profile's all-time totals, in one query.
      const [totals, sales] = await Promise.all([readProfileTotals(app.db, ids), readConversionStamps(app.db, ids)]);
      const etag = etagOf([
        ANSWER_VERSION,
        'profiles',
        range.from,
        range.to,
        revenueRange.from,
        ...ids.map((id) => `${id}:${stamp(totals.get(id))}:${sales.get(id) ?? ''}`),
      ]);
      if (notModified(request, reply, etag)) return sendNotModified(reply);
      const [counts, revenue] = await Promise.all([readProfileCounts(app.db, ids, range), readProfileRevenue(app.db, ids, revenueRange)]);
      return {
        from: new Date(range.from).toISOString(),
        to: new Date(range.to).toISOString(),
        profiles: ids.map((id) => ({ user_id: id, counted: 0, repeat: 0, bot: 0, ...counts.get(id) })),
        revenue: ids.map((id) => {
          // The stamp's last part is the profile's currency ('' for the default).
          const currency = sales.get(id)?.split('/')[1] || CONVERSION_DEFAULTS.currency;
          const mine = revenue.filter((r) => r.user_id === id);
          const minor = mine.filter((r) => r.currency === currency).reduce((a, r) => a + r.minor, 0);
          return { user_id: id, conversions: mine.reduce((a, r) => a + r.n, 0), revenue: formatMinor(minor, currency), currency };
        }),
      };
    },
  });

  /** A CSV of the profile's range (clicks, issue 15; conversions, issue 30), streamed, never cached. */
  const csvRoute = (
    endpoint: typeof endpoints.downloadClicksCsv | typeof endpoints.downloadConversionsCsv,
    fileName: typeof csvFileName,
    stream: typeof clicksCsvStream,
  ) =>
    app.route({
      ...defineRoute(app, endpoint, 'stats'),
      handler: async (request, reply) => {
        const range = slotRange(parseRange(request.query));
        const profile = grantedProfile(request);
        const links = await readLinkNames(app.db, profile.id);
        // The contract's 200 is text; Fastify sends a stream as is (piped, with backpressure).
        return (reply as unknown as FastifyReply)
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName(profile.id, range)}"`)
          .header('cache-control', 'private, no-store')
          .send(stream(app.db, { userId: profile.id, range, links }));
      },
    });
  csvRoute(endpoints.downloadClicksCsv, csvFileName, clicksCsvStream);
  csvRoute(endpoints.downloadConversionsCsv, conversionsCsvFileName, conversionsCsvStream);

  app.route({
    ...defineRoute(app, endpoints.getAdminUserStats, 'admin'),
    handler: async (request, reply) => {
      const profiles = await profilesOf(app.db, request.params.userId);
      const totals = await readProfileTotals(
        app.db,
        profiles.map((p) => p.user_id),
      );
      const now = Date.now();
      const stamps = profiles.map((p) => `${p.user_id}:${p.name}:${stamp(totals.get(p.user_id))}`);
      // The last 30 days move with the clock: the 15-minute slot of now is part of the stamp.
      const etag = etagOf([ANSWER_VERSION, 'admin', Math.floor(now / 900_000), ...stamps]);
      if (notModified(request, reply, etag)) return sendNotModified(reply);
      return adminUserStats(app.db, { profiles, totals, now });
    },
  });
}
