/** README.txt of the export: what each file holds, in plain words. */
export const EXPORT_README = (at: string, accountId: string): string =>
  `Your Rotalink data
==================

Exported ${at} (UTC) for the account ${accountId}.

profile.json       Your profile (email, names, phone, page texts, plan), its settings (rotator,
                   conversion tracking, handles), your custom domain, your API keys (name, prefix
                   and scopes; never the key itself) and your webhook endpoints (never their secret).
sub-profiles.json  Each sub-profile with its settings.
links.csv          Every link of your profile and sub-profiles (profile_id says whose), with its
                   queue position, click limit and counts.
payments.csv       Your payments: amount, currency, status and dates, with the provider's reference.
click-events.csv   Every click we still keep (raw clicks are kept for a limited number of days; the
                   daily totals in Stats are kept longer): time, link, page or rotator, verdict
                   (counted, repeat, bot), device class and the referring site's host. We never
                   store a visitor's IP address.
conversions.csv    Every sale recorded for your profiles, with the click it was attributed to.

Times are ISO 8601 in UTC. CSV files are UTF-8, comma-separated; a cell that starts with
= + - or @ has a leading apostrophe so spreadsheets show it as text.

Deleting your account (Account settings) removes all of this except the payment records that
bookkeeping requires (amount, currency, dates, provider reference; no name or email).
`;
