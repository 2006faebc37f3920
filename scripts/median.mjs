/** The median of the finite values, as LHCI's aggregationMethod "median" takes it (the mean of the middle two for an even count). */
export function median(values) {
  const v = values.filter(Number.isFinite).sort((a, b) => a - b);
  const m = Math.floor((v.length - 1) / 2);
  return v.length % 2 ? v[m] : (v[m] + v[m + 1]) / 2;
}
