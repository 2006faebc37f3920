// The islands' components on the content pages (docs/decisions/0022-content-page-islands.md): those of
// every page come with the islands' script; the carousel's is fetched when it nears the viewport.
import type { IslandName, Islands } from "~/components/island";
import { BackToTop } from "~/components/layout/back-to-top";
import { ChatWidget } from "~/components/layout/chat-widget";
import { CookieBanner } from "~/components/layout/cookie-banner";
import { Header } from "~/components/layout/header";
import { OfferPopup } from "~/components/layout/offer-popup";

type Entry<N extends IslandName> =
  /**
   * Hydrated as soon as the script runs ("load"), or only once the visitor first points at, touches,
   * focuses or clicks its markup, or scrolls the page ("first-use"): until then it is the prerendered
   * HTML, which shows what the widget shows before anyone uses it, and costs the page's load nothing.
   */
  | { component: Islands[N]; hydrate: "load" | "first-use" }
  /** Hydrated once within 300 px of the viewport, its code fetched then. */
  | { whenNear: () => Promise<Islands[N]> };

// At load: the cookie banner (on screen at a first visit, it lifts the floating buttons above itself),
// the chat button (lifted with it; the live chat reopens a conversation on load) and the offer popup
// (its clock starts with the page). The header and back-to-top change only when used or scrolled.
export const islands: { [N in IslandName]: Entry<N> } = {
  header: { component: Header, hydrate: "first-use" },
  "back-to-top": { component: BackToTop, hydrate: "first-use" },
  chat: { component: ChatWidget, hydrate: "load" },
  "cookie-banner": { component: CookieBanner, hydrate: "load" },
  "offer-popup": { component: OfferPopup, hydrate: "load" },
  "why-choose": {
    whenNear: () => import("~/components/sections/why-choose-carousel").then((m) => m.WhyChooseCarousel),
  },
};
