/** Browser storage key (spec §3): holds 'true' once cookies are accepted. */
export const COOKIES_ACCEPTED_KEY = "cookiesAccepted";

/** Whether the visitor accepted cookies (cookiesAccepted is 'true'); false when storage is blocked. */
export function cookiesAccepted(): boolean {
  try {
    return localStorage.getItem(COOKIES_ACCEPTED_KEY) === "true";
  } catch {
    return false;
  }
}

/**
 * The event dispatched on window when the visitor accepts cookies in the banner (the speed measurement
 * starts): named as the storage key.
 */
export const COOKIES_ACCEPTED_EVENT = COOKIES_ACCEPTED_KEY;
