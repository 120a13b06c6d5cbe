/**
 * Money, exactly: statement amounts and rates are decimal texts multiplied in BigInt (no float),
 * kept in millionths of a dollar; shares in basis points. A report is rounded once, at the end:
 * the grand total to the cent (half away from zero), then each row gets its cents by the largest
 * remainder, so the rows add up to the total to the cent.
 */
export const MICRO_PER_CENT = 10_000n;

function parseDecimal(text: string): { digits: bigint; scale: number } {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) throw new Error(`"${text}" is not a decimal number`);
  const frac = m[3] ?? '';
  const digits = BigInt(m[2] + frac) * (m[1] ? -1n : 1n);
  return { digits, scale: frac.length };
}

/** Divides, rounding half to even (banker's rounding, for the millionth: no drift over many rows). */
function divRoundHalfEven(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < d) return q;
  if (twice > d) return q + (n < 0n ? -1n : 1n);
  return q % 2n === 0n ? q : q + (n < 0n ? -1n : 1n);
}

/** amount x rate in millionths of a dollar. */
export function toMicroUsd(amount: string, rate: string): bigint {
  const a = parseDecimal(amount);
  const r = parseDecimal(rate);
  const scale = a.scale + r.scale;
  const product = a.digits * r.digits;
  return scale >= 6 ? divRoundHalfEven(product, 10n ** BigInt(scale - 6)) : product * 10n ** BigInt(6 - scale);
}

export const isDecimal = (text: string) => /^-?\d+(?:\.\d+)?$/.test(text.trim());

function roundHalfAway(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if ((r < 0n ? -r : r) * 2n >= d) return q + (n < 0n ? -1n : 1n);
  return q;
}

/**
 * Rounds exact values (in units of `1/unitsPerCent` cent) to cents so that they sum to the rounded
 * total: the total rounded half away from zero, each row floored, and the cents left given to the
 * rows with the largest remainders (ties by order).
 */
export function allocateCents(values: bigint[], unitsPerCent: bigint): bigint[] {
  const total = values.reduce((a, b) => a + b, 0n);
  const totalCents = roundHalfAway(total, unitsPerCent);
  const floors = values.map((v) => (v >= 0n ? v / unitsPerCent : -((-v + unitsPerCent - 1n) / unitsPerCent)));
  let left = totalCents - floors.reduce((a, b) => a + b, 0n);
  const order = values.map((v, i) => ({ i, rem: v - floors[i] * unitsPerCent })).sort((x, y) => (y.rem > x.rem ? 1 : y.rem < x.rem ? -1 : x.i - y.i));
  const cents = [...floors];
  for (const { i } of order) {
    if (left <= 0n) break;
    cents[i] += 1n;
    left -= 1n;
  }
  return cents;
}

export const centsToUsd = (cents: bigint) => Number(cents) / 100;
