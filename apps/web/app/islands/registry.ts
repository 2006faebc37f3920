// The islands' components on the content pages (docs/decisions/0022-content-page-islands.md): those of
// every page come with the islands' script; the carousel's is fetched when it nears the viewport.
import type { IslandName, Islands } from "~/components/island";
import { BackToTop } from "~/components/layout/back-to-top";
import { ChatWidget } from "~/components/layout/chat-widget";
import { CookieBanner } from "~/components/layout/cookie-banner";
import { Header } from "~/components/layout/header";
import { OfferPopup } from "~/components/layout/offer-popup";

type Entry<N extends IslandName> =
  /** Hydrated as soon as the script runs. */
  | { component: Islands[N] }
  /** Hydrated once within 300 px of the viewport, its code fetched then. */
  | { whenNear: () => Promise<Islands[N]> };

export const islands: { [N in IslandName]: Entry<N> } = {
  header: { component: Header },
  "back-to-top": { component: BackToTop },
  chat: { component: ChatWidget },
  "cookie-banner": { component: CookieBanner },
  "offer-popup": { component: OfferPopup },
  "why-choose": {
    whenNear: () => import("~/components/sections/why-choose-carousel").then((m) => m.WhyChooseCarousel),
  },
};
