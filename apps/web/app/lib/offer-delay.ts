/** Spec §9: the offer popup (content/offer.yaml) appears 10 s after the home page loads (a requirement, not content). */
export const OFFER_DELAY_MS = 10_000;

/** The popup's code is fetched this long before it opens, so that it opens on time. */
export const OFFER_PRELOAD_LEAD_MS = 2000;
