/** The values this server chose where the spec says "not shown"; printed in the OpenAPI document (and the README says the same). */
export const CHOICES = [
  { topic: 'Item outcomes', choice: '`created`, `updated`, `flagged` (waits for staff), `left_out`, `test` (dry runs only).' },
  { topic: 'Item error entry', choice: '`{field, rule, message, line, column}`: DDEX path, engine rule id, text, 1-based position in the message (null when none).' },
  { topic: 'Delivery result', choice: '`done` when no release was left out; `partial` when some were left out and others created, updated or flagged; `failed` when nothing was (the `error` says why).' },
  { topic: 'Validation size', choice: 'POST /ddex/validate answers 413 too_large above 100 MiB (raw or multipart).' },
  { topic: 'Busy', choice: 'A dry run takes a slot only once its body has arrived. More than 4 simultaneous dry runs in one server process, or more than 2 of one key, answer 429 busy with `Retry-After: 1`.' },
  { topic: 'Slow bodies', choice: 'A request body (POST /ddex, POST /ddex/validate) that sends nothing for 30 s, or less than 8 KiB/s over a 30 s window, answers 408 `request_timeout` and is dropped with its temporary file.' },
  { topic: 'Ids', choice: 'A path or query id is a decimal integer without sign, spaces or leading zeros: anything else (`0x1`, `%201`, `01`) answers 400 invalid with `field` naming it; a well-formed id that does not exist, 404 not_found.' },
  { topic: 'Codes of our own', choice: '408 `request_timeout` (a body that stalls or crawls) and 431 `headers_too_large` (request line and headers over 16 KB); every failure, framework and parser errors included, answers `{error, code}`.' },
  { topic: 'Codes used elsewhere', choice: 'A UPC or ISRC already used by another member (of this account or another) is reported without the member, account or title, in the same words whoever holds it; a release whose UPC another member holds is flagged for staff.' },
  { topic: 'Rates', choice: 'Enterprise: 600 requests per minute per key. Custom: the rate set on the account (600 when unset). Fixed one-minute windows; `Retry-After` gives the seconds left in the window; X-RateLimit-Limit/Remaining/Reset on every authenticated answer.' },
  { topic: 'Deprecation header', choice: 'RFC 9745 form `Deprecation: @1791763200` (2026-10-12) on every /api/v1 answer of the platform\'s hosts until the sunset (never on a white-label portal\'s domain), with `Sunset` and `Link` (rel="deprecation" to this document; rel="successor-version" to the same path under /v1, without its query, when the request matched a route).' },
  { topic: 'Other account\'s member', choice: 'A `member_id` of another account answers 404 not_found, like any other resource of another account.' },
  { topic: 'Member status', choice: '`invited` until the invitation link is followed and a password set, then `active`.' },
  { topic: 'Releases', choice: 'Shape, store statuses and phases, transitions and the deprecated words of section 9.4 as the README says: `status` and `stores[key].state` until 2027-04-30, with Deprecation and Sunset headers on answers that carry them.' },
  { topic: 'Webhooks', choice: 'Standard Webhooks signatures (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,…`, `whsec_` secrets); success is a 2xx within 15 s; retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h (±10%), then failed; a 410, or failing for 5 days, disables the endpoint; URLs must be public https on port 443, checked again at each attempt.' },
  { topic: 'Counters of the detail', choice: 'GET /ddex/{id} carries every field of the list item, plus `items`.' },
];
