/** Spec §9: the single lifetime plan. The server's price is the only one that counts (DESIGN §6). */
export const PLAN = {
  planName: 'monthly',
  duration: 'monthly',
  /** Dollars as the client shows and sends them. */
  amount: 144.56,
  amountCents: 14456,
  currency: 'usd',
  linksPerProfile: 20,
  /** A member's sub-profiles (issue 11): each has its own 20 links, so the plan needs a bound. */
  subProfilesPerMember: 50,
  label: 'Lifetime',
} as const;
