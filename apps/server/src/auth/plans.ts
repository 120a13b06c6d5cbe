/**
 * Plans and their API rate. The spec names Enterprise and Custom as the plans with the API and
 * leaves the numbers "not shown": Enterprise gets 600 requests per minute per key; Custom gets
 * the account's own `rate_per_minute` (600 when unset). Every other plan has no API.
 */
export const API_PLANS = ['enterprise', 'custom'] as const;
export const DEFAULT_RATE_PER_MINUTE = 600;

export interface PlanInfo {
  included: boolean;
  plan: string;
  rate: number;
}

export function planOf(account: { plan: string; rate_per_minute: number | null }): PlanInfo {
  const plan = account.plan.toLowerCase();
  const included = (API_PLANS as readonly string[]).includes(plan);
  const rate = plan === 'custom' && account.rate_per_minute ? account.rate_per_minute : included ? DEFAULT_RATE_PER_MINUTE : 0;
  return { included, plan, rate };
}
