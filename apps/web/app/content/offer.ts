/** The offer popup's copy: content/offer.yaml. */
export { offer } from "@site/content/data/offer";

/** Spec §9: the popup appears 10 s after the home page loads (a requirement, not content). */
export const OFFER_DELAY_MS = 10_000;
