// How long the company keeps what the site collects: the ONE home of these periods. The privacy
// notice (apps/web, at build time) and the server's purge (apps/server, at run time) both read them
// through retentionFromEnv, so the notice never states a period the code does not keep.

export interface Retention {
  /** Contact and quotation enquiries: months after the last contact (activity) with the person. */
  enquiryMonths: number;
  /** Submissions identified as spam: days after they arrived. */
  spamDays: number;
  /** Web server and security logs (kept by the host, not by this code). */
  serverLogDays: number;
  /** Job applications (received by e-mail, not through this site's forms). */
  applicationMonths: number;
  /** Real-user speed figures (aggregated per day, no identifiers): days after the day they describe. */
  vitalsDays: number;
}

/** What the privacy notice promises when nothing overrides it. */
export const DEFAULT_RETENTION: Readonly<Retention> = {
  enquiryMonths: 24,
  spamDays: 30,
  serverLogDays: 30,
  applicationMonths: 6,
  vitalsDays: 90,
};

/** The whole numbers RETENTION_ENQUIRY_MONTHS and RETENTION_SPAM_DAYS may hold. */
export const RETENTION_OVERRIDE_RANGE = { min: 1, max: 1200 } as const;

/** The variables that override the periods this code enforces. */
const OVERRIDES = {
  RETENTION_ENQUIRY_MONTHS: "enquiryMonths",
  RETENTION_SPAM_DAYS: "spamDays",
} as const satisfies Record<string, keyof Retention>;

/**
 * The periods in force: the defaults, with RETENTION_ENQUIRY_MONTHS and RETENTION_SPAM_DAYS (whole
 * numbers in RETENTION_OVERRIDE_RANGE) when set. Throws naming a bad value: a typo must not shorten
 * or lengthen what the notice promises.
 */
export function retentionFromEnv(env: Record<string, string | undefined>): Retention {
  const retention: Retention = { ...DEFAULT_RETENTION };
  for (const [name, key] of Object.entries(OVERRIDES)) {
    const raw = env[name]?.trim();
    if (!raw) continue;
    const { min, max } = RETENTION_OVERRIDE_RANGE;
    if (!/^\d{1,4}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
    }
    retention[key] = Number(raw);
  }
  return retention;
}

/** The instant before which an enquiry last active, or spam received, has expired at `now`. */
export function retentionCutoffs(retention: Retention, now: Date): { enquiry: Date; spam: Date } {
  // Calendar months in UTC, the day clamped to the target month: 31 March minus one month is 28 (or
  // 29) February, not JavaScript's overflow into 3 March.
  const enquiry = new Date(now);
  const day = enquiry.getUTCDate();
  enquiry.setUTCDate(1);
  enquiry.setUTCMonth(enquiry.getUTCMonth() - retention.enquiryMonths);
  const lastDay = new Date(Date.UTC(enquiry.getUTCFullYear(), enquiry.getUTCMonth() + 1, 0)).getUTCDate();
  enquiry.setUTCDate(Math.min(day, lastDay));
  const spam = new Date(now.getTime() - retention.spamDays * 24 * 60 * 60 * 1000);
  return { enquiry, spam };
}

/**
 * The first day (UTC, YYYY-MM-DD) of real-user speed figures still kept at `now`: the days before it are
 * more than `retention.vitalsDays` days old.
 */
export function vitalsCutoffDay(retention: Retention, now: Date): string {
  return new Date(now.getTime() - retention.vitalsDays * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
