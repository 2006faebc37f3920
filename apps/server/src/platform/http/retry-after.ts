/** asctime's date (`Sun Nov  6 08:49:37 1994`), which HTTP reads as GMT although it does not say so. */
const ASCTIME = /^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/;

/** An HTTP-date (RFC 9110 §5.6.7: IMF-fixdate, or the obsolete RFC 850 and asctime forms) in ms. */
function httpDate(value: string): number {
  if (ASCTIME.test(value)) return Date.parse(`${value} GMT`);
  return / GMT$/.test(value) ? Date.parse(value) : NaN;
}

/**
 * How long a `Retry-After` header (RFC 9110 §10.2.3) asks to wait, in ms: delay-seconds, or an
 * HTTP-date counted from the answer's own `Date` header when it has one, so that the receiver's clock
 * and ours need not agree. Undefined when there is none, or it cannot be read.
 */
export function retryAfterMs(
  value: string | null,
  date: string | null,
  now = Date.now(),
): number | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = httpDate(v);
  if (Number.isNaN(at)) return undefined;
  const sent = date ? httpDate(date.trim()) : NaN;
  return Math.max(0, at - (Number.isNaN(sent) ? now : sent));
}
