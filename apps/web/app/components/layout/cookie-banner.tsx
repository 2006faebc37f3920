import { Cookie } from "lucide-react";
import { Suspense, useEffect, useId, useState } from "react";
import { Link } from "~/components/ui/site-link";
import { COOKIES_ACCEPTED_KEY } from "~/lib/cookie-consent";
import { lazyWithRetry } from "~/lib/lazy-with-retry";
import { buttonClass } from "../ui/button";
import { Container } from "../ui/container";
import { ChunkErrorBoundary } from "./chunk-error-boundary";

const CookieSettings = lazyWithRetry(() => import("./cookie-settings"));

function readAccepted(): boolean {
  try {
    return localStorage.getItem(COOKIES_ACCEPTED_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * Attribute the inline head script (`cookieConsentScript`) puts on <html>: "deciding" from the start
 * until it has read storage, then "pending" while cookiesAccepted is not stored (removed otherwise);
 * app.css shows the prerendered banner only while pending, and the floating dock (site-chrome.tsx) only
 * once decided. So a new visitor sees the banner one frame after the page itself, long before any
 * script file has loaded (no wait for hydration), and the chat button appears above it, where it stays;
 * the banner stays hidden for a visitor who accepted earlier, and for a browser without JavaScript,
 * whose buttons could not work anyway (the attribute never comes: the chat button shows at once).
 */
export const CONSENT_PENDING_ATTRIBUTE = "data-cookie-consent";

/** On the Accept and Decline buttons ("accept", "decline"), for the head script's clicks before hydration. */
const CHOICE_ATTRIBUTE = "data-cookie-choice";

/**
 * Runs from <head> (hashed into the page's CSP like every inline script), but reads localStorage only
 * after the first paint (the frame after it, from a task queued by requestAnimationFrame): the first
 * storage access of a page opens the origin's storage synchronously, 3–12 ms on the main thread of the
 * CI machine and four times that on the phone Lighthouse models, which would otherwise delay the
 * first paint of every page.
 * Until React has hydrated the page (site-chrome sets data-hydrated), it also answers Accept and
 * Decline itself, as the banner does afterwards: the banner is on screen well before the scripts on a
 * slow connection, and a tap there must not be lost. Cookie Settings needs React and waits for it.
 * It listens on the window in the capture phase, before anything in the page: while React hydrates
 * the document, its own capture listener there stops a click it cannot hydrate for at once
 * (react-dom's dispatchEvent: `stopPropagation()` on a discrete event still blocked), and a listener
 * on the document's bubble phase never heard it (a Decline lost in a CI run of the desk's tests).
 * Built from constants only (the names are plain words, quoted as they are), so a bundle that does not
 * use it drops it: the browser's bundles never do (root.tsx renders it into the prerendered pages).
 */
export const cookieConsentScript = `(function(){var h=document.documentElement,k="${COOKIES_ACCEPTED_KEY}",p="${CONSENT_PENDING_ATTRIBUTE}",c="${CHOICE_ATTRIBUTE}";h.setAttribute(p,"deciding");requestAnimationFrame(function(){setTimeout(function(){var a;try{a=localStorage.getItem(k)!==null}catch(e){a=!1}a?h.removeAttribute(p):h.setAttribute(p,"pending")})});addEventListener("click",function(e){var b=!h.hasAttribute("data-hydrated")&&e.target.closest&&e.target.closest("["+c+"]");if(!b)return;if(b.getAttribute(c)==="accept")try{localStorage.setItem(k,"true")}catch(e){}h.removeAttribute(p)},!0)})()`;

/**
 * Shown while cookiesAccepted is not stored. Accept stores 'true'; Decline hides it for this page view
 * and stores nothing; Cookie Settings toggles a panel whose checkboxes store nothing (spec §4).
 * Prerendered into every page (see CONSENT_PENDING_ATTRIBUTE) and removed after hydration when the
 * visitor accepted earlier; in the floating dock, stuck to the bottom of the screen at the end of the
 * page, so it never shifts the page's content.
 */
export function CookieBanner() {
  const [visible, setVisible] = useState(true);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const headingId = useId();
  const settingsId = useId();

  useEffect(() => {
    if (readAccepted()) setVisible(false);
  }, []);

  if (!visible) return null;

  const accept = () => {
    try {
      localStorage.setItem(COOKIES_ACCEPTED_KEY, "true");
    } catch {
      /* storage blocked: still honour the choice for this view */
    }
    window.dispatchEvent(new Event(COOKIES_ACCEPTED_KEY));
    setVisible(false);
  };

  // Solid white, no backdrop blur: a new visitor's page draws the banner in a frame of its own, and a
  // blurred full-width layer stuck to the screen is composited again under every scrolled frame on a
  // phone. Without the blur, Lighthouse's main-thread work over 8 content pages fell from 1.16 to 1.11
  // times the pages' without scripts (16 pairs, not a significant difference on its own: decision 0022).
  // Its white bleeds 1.5rem below the screen's edge (-mb-6 pb-6: the dock keeps the banner's height, the
  // box reaches past it): what a page bounced past its end shows under the banner is the banner, and a
  // link cut by the screen's edge beneath it lies inside the banner's box, as it lies under it on screen.
  // Without the bleed, axe (Lighthouse's accessibility audit) saw such a link only as overlapped by the
  // banner's buttons and failed its target size (mobile /privacy, its table of contents' last entry).
  return (
    <section
      data-cookie-banner=""
      aria-labelledby={headingId}
      className="-mb-6 border-t border-slate-200 bg-white pb-6 shadow-[0_-8px_30px_rgb(15_23_42/0.12)]"
    >
      <Container className="max-h-[70dvh] overflow-y-auto py-4">
        <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between lg:gap-8">
          <div className="flex gap-3">
            <Cookie aria-hidden="true" className="mt-0.5 hidden size-6 shrink-0 text-brand-700 sm:block" />
            <div>
              <h2 id={headingId} className="text-base font-semibold text-ink">
                Cookies on this site
              </h2>
              <p className="mt-1 text-sm text-slate-600">
                We use necessary cookies to make this site work. With your consent we would also use
                analytics, advertisement and functionality cookies. Read our{" "}
                <Link to="/privacy" className="font-semibold text-brand-700 underline underline-offset-2">
                  Privacy Notice
                </Link>
                .
              </p>
            </div>
          </div>
          <div className="flex shrink-0 flex-wrap items-center gap-2">
            <button
              type="button"
              className={buttonClass("primary", "min-w-28 flex-1 sm:flex-none")}
              {...{ [CHOICE_ATTRIBUTE]: "accept" }}
              onClick={accept}
            >
              Accept
            </button>
            <button
              type="button"
              className={buttonClass("primary", "min-w-28 flex-1 sm:flex-none")}
              {...{ [CHOICE_ATTRIBUTE]: "decline" }}
              onClick={() => setVisible(false)}
            >
              Decline
            </button>
            <button
              type="button"
              className={buttonClass("ghost", "w-full sm:w-auto")}
              aria-expanded={settingsOpen}
              aria-controls={settingsId}
              onClick={() => setSettingsOpen((open) => !open)}
            >
              Cookie Settings
            </button>
          </div>
        </div>
        <div id={settingsId} hidden={!settingsOpen}>
          {settingsOpen && (
            <ChunkErrorBoundary
              fallback={<p className="mt-4 text-sm text-slate-600">Cookie settings could not be loaded.</p>}
            >
              <Suspense fallback={<p className="mt-4 text-sm text-slate-600">Loading…</p>}>
                <CookieSettings />
              </Suspense>
            </ChunkErrorBoundary>
          )}
        </div>
      </Container>
    </section>
  );
}
