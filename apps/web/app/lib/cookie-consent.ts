/**
 * Browser storage key (spec §3): holds 'true' once cookies are accepted. Also the name of the event the
 * banner dispatches on window when the visitor accepts (the speed measurement then starts).
 */
export const COOKIES_ACCEPTED_KEY = "cookiesAccepted";

/** Whether the visitor accepted cookies (cookiesAccepted is 'true'); false when storage is blocked. */
export function cookiesAccepted(): boolean {
  try {
    return localStorage.getItem(COOKIES_ACCEPTED_KEY) === "true";
  } catch {
    return false;
  }
}
