// A module of its own, with no import: the content pages' islands loader reads these before any
// framework code is loaded (docs/decisions/0022-content-page-islands.md).

/** The attribute that names a widget's root element, and the one that holds its props (JSON). */
export const ISLAND_ATTRIBUTE = "data-island";
export const ISLAND_PROPS_ATTRIBUTE = "data-island-props";

/**
 * On the root of an island that must run before anyone uses it (ISLAND_WAKES, components/island.tsx):
 * "load" (at the page's load), "near" (once within NEAR_VIEWPORT_MARGIN of the viewport) or a number of
 * milliseconds after the page started (PAGE_STARTED_AT). A page with a "load" island starts its islands'
 * loader after its paint; any other content page starts it at its first use, or as soon as one of its
 * islands is near or due (build-steps/boot-after-paint.ts).
 */
export const ISLAND_WAKE_ATTRIBUTE = "data-island-wake";
export type IslandWake = "load" | "near" | number;

/** An island is near the viewport within this distance of it (as the carousel's engine loads its slides). */
export const NEAR_VIEWPORT_MARGIN = "300px 0px";

/**
 * The window property where the page's boot script keeps the time it started (Date.now()): the clock of
 * an island due some time after the page loaded (the offer popup's), which the loader may start later.
 */
export const PAGE_STARTED_AT = "__pageStartedAt";

/**
 * What wakes an island hydrated on first use, listened for in the capture phase (islands/main.ts). A
 * pointer's pointerover comes before its click, a touch's touchstart before the tap's click, a
 * keyboard's focusin before the key: the widget's code is usually there before the action it waits for.
 * Before the loader runs on a page that starts it when needed, the page's boot script listens for these
 * and for scroll and pointer moves on the whole page, starts the loader at the first (but a mere
 * pointerover), and keeps these in window[EARLY_EVENTS] for the loader to replay to the islands they
 * reached.
 */
export const FIRST_USE_EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown", "click"];
export const EARLY_EVENTS = "__islandEarlyEvents";
/** The function, on window, that stops that listening (the loader calls it once its own listeners are on). */
export const STOP_EARLY_EVENTS = "__islandEarlyEventsStop";

/**
 * The mark <html> gets once a page whose loader starts when needed listens for its first use
 * (build-steps/boot-after-paint.ts): as ready for the visitor as a page marked data-hydrated (its widgets
 * run: lib/page-ready.ts). Browser tests wait for either, PAGE_READY_SELECTOR.
 */
export const ISLANDS_WAITING = ["data-islands", "on-demand"] as const;
export const PAGE_READY_SELECTOR = `html[data-hydrated='true'], html[${ISLANDS_WAITING[0]}='${ISLANDS_WAITING[1]}']`;
