// A module of its own, with no import: the content pages' islands loader reads these before any
// framework code is loaded (docs/decisions/0022-content-page-islands.md).

/** The attribute that names a widget's root element, and the one that holds its props (JSON). */
export const ISLAND_ATTRIBUTE = "data-island";
export const ISLAND_PROPS_ATTRIBUTE = "data-island-props";

/**
 * On the root of an island whose code runs as the page loads (ISLANDS_AT_LOAD, components/island.tsx):
 * a page with none starts its islands' loader only when needed (build-steps/boot-after-paint.ts).
 */
export const ISLAND_AT_LOAD_ATTRIBUTE = "data-island-at-load";

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
