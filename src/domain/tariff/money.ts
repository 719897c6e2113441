// Money is carried as integer cents; BigInt keeps the intermediate products exact, so a rate
// times a basis never drifts the way binary floating point does. Amounts are never negative here.

/** USD to cents, half-up at the cent, read from the decimal form so 10237.45 stays 1_023_745. */
export function usdToCents(usd: number): number {
  const [whole = '0', frac = ''] = usd.toFixed(6).split('.');
  const micro = BigInt(whole + frac.padEnd(6, '0'));
  return Number((micro + 5_000n) / 10_000n);
}

export function centsToUsd(cents: number): number {
  return cents / 100;
}

/** pct % of a basis in cents, rounded half-up to the cent. Rates carry at most two decimals. */
export function percentOf(basisCents: number, pct: number): number {
  const basisPoints = BigInt(Math.round(pct * 100));
  return Number((BigInt(basisCents) * basisPoints + 5_000n) / 10_000n);
}

/** usdPer × quantity in cents, rounded half-up; rate to 1/100 cent, quantity to 1/1000. */
export function specificAmount(usdPer: number, quantity: number): number {
  const rate = BigInt(Math.round(usdPer * 10_000));
  const qty = BigInt(Math.round(quantity * 1_000));
  return Number((rate * qty + 50_000n) / 100_000n);
}
