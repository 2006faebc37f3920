import type { ComponentProps, ComponentType } from "react";
import type { BackToTop } from "./layout/back-to-top";
import type { ChatWidget } from "./layout/chat-widget";
import type { CookieBanner } from "./layout/cookie-banner";
import type { Header } from "./layout/header";
import type { OfferPopup } from "./layout/offer-popup";
import type { WhyChooseCarousel } from "./sections/why-choose-carousel";
import { ISLAND_AT_LOAD_ATTRIBUTE, ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE } from "./island-attributes";

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
 * The islands whose code runs as the page loads, whoever the visitor: the offer popup's clock (spec §2:
 * 10 s after the home page loads), the carousel, hydrated as it nears the viewport, and the live chat
 * when built with LIVE_CHAT=on (it reopens a conversation left open). Their roots carry
 * ISLAND_AT_LOAD_ATTRIBUTE; a page with none of them starts its islands' loader only when needed
 * (build-steps/boot-after-paint.ts). The registry (islands/registry.ts) hydrates these at load, when
 * near, or starts them with `atLoad`, and only these (registry.test.ts).
 */
export const ISLANDS_AT_LOAD: readonly IslandName[] = [
  "offer-popup",
  "why-choose",
  ...(__LIVE_CHAT__ ? (["chat"] as const) : []),
];

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
      {...(ISLANDS_AT_LOAD.includes(name) && { [ISLAND_AT_LOAD_ATTRIBUTE]: "" })}
    >
      <Component {...(props as Record<string, unknown>)} />
    </div>
  );
}
