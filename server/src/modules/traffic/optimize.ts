import type { factory as BetaFactory } from '@stdlib/random-base-beta';

/**
 * Rotation mode `optimize` (issue 30, decision 0154): among the eligible links, send more traffic
 * to the one that earns most per click, and keep learning.
 *
 * - Thompson sampling: per link, a conversion rate θ drawn from its Beta posterior
 *   Beta(1 + conversions, 1 + clicks − conversions) (a uniform prior), times what a conversion of
 *   that link is worth (its revenue per conversion, shrunk toward the profile's average by one
 *   conversion's weight, so one lucky sale does not decide). The highest θ·value wins the visit:
 *   a link is chosen as often as it is likely to be the best earner per click (EPC).
 * - A minimum share: before the draw, with probability min(½, MIN_SHARE·n) the visit goes to a
 *   uniformly random eligible link, so every link keeps at least MIN_SHARE of the traffic and
 *   a link that was unlucky early is still measured.
 * - Reproducible: every random number comes from the injected uniform source (`Chance`); the
 *   ledger takes it as an option (Math.random in production, a seeded one in tests).
 * Caps stay exact: the mode only chooses among pending links; counting is the ledger's capped statement.
 */
export const OPTIMIZE_MIN_SHARE = 0.05;

/** What a link earned, all time: counted clicks, attributed sales not refunded, their sum in minor units. */
export interface LinkEarnings {
  clicks: number;
  conversions: number;
  revenueMinor: number;
}

/** The random source of the link choice: a uniform [0, 1) and Beta draws from it. */
export interface Chance {
  random: () => number;
  beta: (a: number, b: number) => number;
}

/**
 * The Beta sampler is loaded on the first `optimize` draw, not at start-up: most nodes never serve
 * that mode, and the library holds ~2 MB of heap and 13 MB of RSS once loaded (issue 12's memory
 * target, bench/README.md "Scale"). The first draw pays the load once (tens of ms).
 */
export function chanceFrom(random: () => number): Chance {
  let beta: ((a: number, b: number) => number) | undefined;
  return {
    random,
    beta: (a, b) => (beta ??= (require('@stdlib/random-base-beta') as { factory: typeof BetaFactory }).factory({ prng: random }))(a, b),
  };
}

const NONE: LinkEarnings = { clicks: 0, conversions: 0, revenueMinor: 0 };

/** The chosen link's index among `ids` (at least one). */
export function optimizeChoice(ids: readonly string[], earnings: ReadonlyMap<string, LinkEarnings>, chance: Chance): number {
  const n = ids.length;
  if (n === 1) return 0;
  if (chance.random() < Math.min(0.5, OPTIMIZE_MIN_SHARE * n)) return Math.min(n - 1, Math.floor(chance.random() * n));
  let sales = 0;
  let revenue = 0;
  for (const id of ids) {
    const e = earnings.get(id) ?? NONE;
    sales += e.conversions;
    revenue += e.revenueMinor;
  }
  // Without any sale, every conversion is worth the same (1): the choice is by conversion rate.
  const average = sales > 0 ? revenue / sales : 1;
  let best = 0;
  let bestScore = -Infinity;
  for (let i = 0; i < n; i++) {
    const e = earnings.get(ids[i]) ?? NONE;
    const conversions = Math.min(e.conversions, e.clicks);
    const theta = chance.beta(1 + conversions, 1 + e.clicks - conversions);
    const value = (e.revenueMinor + average) / (e.conversions + 1);
    const score = theta * value;
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  }
  return best;
}
