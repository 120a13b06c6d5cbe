/**
 * The account columns every authenticator reads with its credential (a key, a session, an OAuth
 * token), in one place: the Caller's account and plan are made from the same row, whichever the
 * credential, so a column added for the Caller is added for all of them.
 */
export const CALLER_ACCOUNT_COLUMNS = [
  'accounts.id as account_id',
  'accounts.name as account_name',
  'accounts.email as account_email',
  'accounts.plan',
  'accounts.active',
  'accounts.rate_per_minute',
] as const;
