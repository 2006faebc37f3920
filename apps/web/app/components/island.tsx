import type { ComponentProps, ComponentType } from "react";
import type { BackToTop } from "./layout/back-to-top";
import type { ChatWidget } from "./layout/chat-widget";
import type { CookieBanner } from "./layout/cookie-banner";
import type { Header } from "./layout/header";
import type { OfferPopup } from "./layout/offer-popup";
import type { WhyChooseCarousel } from "./sections/why-choose-carousel";
import { OFFER_DELAY_MS, OFFER_PRELOAD_LEAD_MS } from "~/lib/offer-delay";
import {
  ISLAND_ATTRIBUTE,
  ISLAND_PROPS_ATTRIBUTE,
  ISLAND_WAKE_ATTRIBUTE,
  type IslandWake,
} from "./island-attributes";

/**
 * The site's widgets and the component each one is. On a page React Router hydrates they are ordinary
 * components; on a content page (no router: docs/decisions/0022-content-page-islands.md) each is an
 * island, hydrated on its own by app/islands/main.ts with Preact. Type imports only: a page loads the
 * code of the widgets it shows, not of every widget.
 */
export interface Islands {
  header: typeof Header;
  "back-to-top": typeof BackToTop;
  chat: typeof ChatWidget;
  "cookie-banner": typeof CookieBanner;
  "offer-popup": typeof OfferPopup;
  "why-choose": typeof WhyChooseCarousel;
}
export type IslandName = keyof Islands;

/**
 * The islands that must run before anyone uses them, and when (ISLAND_WAKE_ATTRIBUTE on their roots):
 * the offer popup, whose code is fetched 2 s before it opens (spec §2: 10 s after the home page loads),
 * the carousel, hydrated as it nears the viewport, and the live chat when built with LIVE_CHAT=on (it
 * reopens a conversation left open, at load). On a page with none due at "load" the boot script starts
 * the islands' loader at the first use, or when one of these is near or due
 * (build-steps/boot-after-paint.ts). The registry (islands/registry.ts) hydrates these at load, when
 * near, or starts them with `atLoad`, and only these (registry.test.ts).
 */
export const ISLAND_WAKES: Partial<Record<IslandName, IslandWake>> = {
  "offer-popup": OFFER_DELAY_MS - OFFER_PRELOAD_LEAD_MS,
  "why-choose": "near",
  ...(__LIVE_CHAT__ && { chat: "load" as const }),
};

/**
 * A widget in its own root element, which names it and holds its props, so that the islands' script
 * can hydrate it with the props it was rendered with. The element is `display: contents`: it adds no
 * box, and nothing to what the page reads (no role, no text).
 */
export function Island<N extends IslandName>({
  name,
  component,
  props,
}: {
  name: N;
  component: Islands[N];
  props: ComponentProps<Islands[N]>;
}) {
  const Component = component as ComponentType<Record<string, unknown>>;
  return (
    <div
      className="contents"
      {...{ [ISLAND_ATTRIBUTE]: name, [ISLAND_PROPS_ATTRIBUTE]: JSON.stringify(props) }}
      {...(ISLAND_WAKES[name] !== undefined && { [ISLAND_WAKE_ATTRIBUTE]: String(ISLAND_WAKES[name]) })}
    >
      <Component {...(props as Record<string, unknown>)} />
    </div>
  );
}
