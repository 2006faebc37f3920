// The islands of the content pages and when each is hydrated (docs/decisions/0022-content-page-islands.md).
// Each component is a chunk of its own, fetched with Preact when its island is hydrated: the islands'
// loader (main.ts), which every content page runs at load, holds none of them.
import type { IslandName, Islands } from "~/components/island";
import { scheduleOffer } from "~/lib/offer-schedule";

/**
 * What `atLoad` may do with its island: fetch its code ahead, or hydrate it now, with extra props; and
 * when the page started (Date.now(), its boot script's start), for a clock that counts from the load.
 */
interface IslandControl {
  prefetch: () => void;
  hydrate: (props?: Record<string, unknown>) => void;
  pageStartedAt: number;
}

export interface Entry<N extends IslandName> {
  /** The island's component, fetched when it is hydrated. */
  load: () => Promise<Islands[N]>;
  /**
   * "load": as soon as the loader runs. "first-use": once the visitor first points at, touches,
   * focuses or clicks the island's markup (and, with `wakeOnScroll`, scrolls the page); until then it is
   * the prerendered HTML, which shows what the widget shows before anyone uses it. "near": once within
   * 300 px of the viewport. "called": when its `atLoad` says.
   */
  hydrate: "load" | "first-use" | "near" | "called";
  /** A first-use island that shows the page's scroll (the header's background, back-to-top). */
  wakeOnScroll?: true;
  /** Run by the loader at load on the island's prerendered root, with no framework code. */
  atLoad?: (root: HTMLElement, island: IslandControl) => void;
}

// Nothing is hydrated at load but the chat when built with LIVE_CHAT=on (it reopens a conversation on
// load). The offer popup's clock counts from the page's start with no framework code
// (lib/offer-schedule.ts); its code is fetched 2 s before it is due and the popup hydrated, open, when
// it is (the boot script starts the loader by then: ISLAND_WAKES, components/island.tsx). The cookie
// banner needs no code to show itself or to answer Accept and Decline (its head script does both:
// cookie-banner.tsx), nor to keep the floating buttons above it (they share a dock: site-chrome.tsx).
export const islands: { [N in IslandName]: Entry<N> } = {
  header: {
    load: () => import("~/components/layout/header").then((m) => m.Header),
    hydrate: "first-use",
    wakeOnScroll: true,
  },
  "back-to-top": {
    load: () => import("~/components/layout/back-to-top").then((m) => m.BackToTop),
    hydrate: "first-use",
    wakeOnScroll: true,
  },
  chat: {
    load: () => import("~/components/layout/chat-widget").then((m) => m.ChatWidget),
    hydrate: __LIVE_CHAT__ ? "load" : "first-use",
  },
  "cookie-banner": {
    load: () => import("~/components/layout/cookie-banner").then((m) => m.CookieBanner),
    hydrate: "first-use",
  },
  "offer-popup": {
    load: () => import("~/components/layout/offer-popup").then((m) => m.OfferPopup),
    hydrate: "called",
    atLoad: (_root, island) =>
      scheduleOffer({
        since: island.pageStartedAt,
        preload: () => {
          island.prefetch();
          void import("~/components/layout/offer-popup").then((m) => m.loadOfferDialog());
        },
        open: () => island.hydrate({ due: true }),
      }),
  },
  "why-choose": {
    load: () => import("~/components/sections/why-choose-carousel").then((m) => m.WhyChooseCarousel),
    hydrate: "near",
  },
};
