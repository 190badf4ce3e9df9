/** The custom-domains feature as other modules see it (issue 27: a feature imports another only through its index; issue 32). */
export { domainsRoutes } from './domains.routes';
export { hostOf, VerifiedHosts } from './verified-hosts';
export { dnsTxtLookup, type TxtLookup } from './txt-lookup';
