import { randomBytes } from 'node:crypto';
import { endpoints } from '@rotalink/shared-api/contract';
import { DOMAIN_TXT_PREFIX } from '@rotalink/shared-api/rules';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/dialect-sql';
import { nowIso } from '../../db/ids';
import { BadRequest, NotFound } from '../../errors';
import { defineRoute, typed } from '../../http/define-route';
import { grantedProfileId } from '../../access/access-hook';
import { USER_NOT_FOUND } from '../users';
import { currentHandlesOf } from '../handles';
import { checkHostname, normaliseHostname, ownDomainsOf } from './domain-rules';
import type { CustomDomainRow } from './domains.table';
import { findDomainOf } from './domains.repository';
import type { TxtLookup } from './txt-lookup';
import { checkAllDomains, checkDomain, DOMAIN_NOT_YET } from './verify-domains';
import { hostOf } from './verified-hosts';

export const DOMAIN_TAKEN = 'This domain is already used by another account.';
export const DOMAIN_NONE = 'You have no custom domain.';
export const DOMAIN_REMOVED = 'Custom domain removed.';
export const DOMAIN_NOT_ALLOWED = 'Not a verified custom domain.';
export const DOMAIN_CHECK_JOB = 'custom-domain-check';

const domainOut = (row: CustomDomainRow) => ({
  hostname: row.hostname,
  txt_name: `${DOMAIN_TXT_PREFIX}${row.hostname}`,
  txt_value: row.token,
  status: row.verified_at ? ('verified' as const) : ('pending' as const),
  verified_at: row.verified_at,
  checked_at: row.checked_at,
  page_url: `https://${row.hostname}/`,
  rotator_url: `https://${row.hostname}/go`,
});

/** Issue 32: the member's custom domain, its verification (now and by the job), and the proxy's and the shell's questions. */
export async function domainsRoutes(fastify: FastifyInstance, opts: { lookup: TxtLookup }): Promise<void> {
  const app = typed(fastify);
  const own = ownDomainsOf([app.config.publicSiteUrl, app.config.apiPublicUrl, ...app.config.corsOrigins]);
  const checker = { db: app.db, lookup: opts.lookup, hosts: app.customHosts };

  app.route({
    ...defineRoute(app, endpoints.getDomain, 'domains'),
    handler: async (request) => {
      const row = await findDomainOf(app.db, grantedProfileId(request));
      return { domain: row ? domainOut(row) : null };
    },
  });

  // One domain per account (a new one replaces it), one account per domain (the primary key).
  app.route({
    ...defineRoute(app, endpoints.addDomain, 'domains'),
    handler: async (request) => {
      const hostname = checkHostname(request.body.hostname, own);
      const userId = grantedProfileId(request);
      const current = await findDomainOf(app.db, userId);
      if (current?.hostname === hostname) return { message: DOMAIN_NOT_YET, domain: domainOut(current) };
      const row: CustomDomainRow = {
        hostname,
        user_id: userId,
        token: `rotalink-verify-${randomBytes(18).toString('base64url')}`,
        verified_at: null,
        checked_at: null,
        created_at: nowIso(),
      };
      try {
        await app.db.transaction().execute(async (trx) => {
          await trx.deleteFrom('custom_domains').where('user_id', '=', userId).execute();
          await trx.insertInto('custom_domains').values(row).execute();
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new BadRequest(DOMAIN_TAKEN);
        throw err;
      }
      if (current) app.customHosts.forget(current.hostname);
      return { message: `Domain added. Create the TXT record below, then press Verify now.`, domain: domainOut(row) };
    },
  });

  app.route({
    ...defineRoute(app, endpoints.verifyDomain, 'domains'),
    handler: async (request) => {
      const row = await findDomainOf(app.db, grantedProfileId(request));
      if (!row) throw new NotFound(DOMAIN_NONE);
      const checked = await checkDomain(checker, row);
      return { message: checked.message, domain: domainOut(checked.row) };
    },
  });

  app.route({
    ...defineRoute(app, endpoints.removeDomain, 'domains'),
    handler: async (request) => {
      const row = await findDomainOf(app.db, grantedProfileId(request));
      if (!row) throw new NotFound(DOMAIN_NONE);
      await app.db.deleteFrom('custom_domains').where('user_id', '=', grantedProfileId(request)).execute();
      app.customHosts.forget(row.hostname);
      return { message: DOMAIN_REMOVED, domain: null };
    },
  });

  // Caddy's on-demand TLS asks before each certificate: 200 only for a verified domain (cached).
  app.route({
    ...defineRoute(app, endpoints.allowedDomain, 'domains'),
    handler: async (request) => {
      const host = normaliseHostname(request.query.domain);
      if (!host || !(await app.customHosts.userFor(host))) throw new NotFound(DOMAIN_NOT_ALLOWED);
      return { allowed: true as const };
    },
  });

  // The shell on a custom host: whose page to show at `/`.
  app.route({
    ...defineRoute(app, endpoints.resolveHost, 'public'),
    handler: async (request) => {
      const host = normaliseHostname(hostOf(request.query.host));
      const userId = host ? await app.customHosts.userFor(host) : null;
      if (!userId) throw new NotFound(USER_NOT_FOUND);
      const handles = await currentHandlesOf(app.db, [userId]);
      return { user_id: userId, handle: handles.get(userId) ?? null };
    },
  });

  const { checkIntervalMs } = app.config.domains;
  if (checkIntervalMs !== null) {
    app.jobs.every({ name: DOMAIN_CHECK_JOB, intervalMs: checkIntervalMs }, ({ signal, log }) => checkAllDomains(checker, signal, log));
  }
}
