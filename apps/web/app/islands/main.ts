// The script of a content page (docs/decisions/0022-content-page-islands.md): a loader. React rendered
// the page at build time; each widget's root element ([data-island], components/island.tsx) is
// hydrated on its own with the same component, by Preact, when the registry says: at load, at first use
// or near the viewport. This module holds no framework code: Preact (./hydrate) and each widget's
// component are chunks fetched when their island is hydrated, so a page nobody touches evaluates
// almost nothing. The rest of the page is HTML that no script touches.
import type { ComponentType } from "react";
import {
  EARLY_EVENTS,
  FIRST_USE_EVENTS,
  ISLAND_ATTRIBUTE,
  NEAR_VIEWPORT_MARGIN,
  PAGE_STARTED_AT,
  STOP_EARLY_EVENTS,
} from "~/components/island-attributes";
import { CHUNK_FAILED_MESSAGE } from "~/lib/chunk-failed";
import { pageReady } from "~/lib/page-ready";
import { type Entry, islands } from "./registry";

/** Preact and the island's component (each fetched once, however often asked for). */
const fetchIsland = (island: Entry<never>) => Promise.all([import("./hydrate"), island.load()]);

/**
 * Fetches Preact and the island's component, then hydrates the island (with `props` over those it was
 * rendered with); a failed fetch is reported.
 */
function hydrate(root: HTMLElement, island: Entry<never>, props?: Record<string, unknown>): Promise<void> {
  return fetchIsland(island).then(
    ([{ hydrateIsland }, component]) => hydrateIsland(root, component as ComponentType, props),
    // The prerendered widget stays as it is (the carousel's slides are all there to read).
    (error: unknown) => console.error(`${CHUNK_FAILED_MESSAGE}:`, error),
  );
}

/** Runs `run` once the island's content comes near the viewport (its root, `display: contents`, has no box). */
function whenNear(root: HTMLElement, run: () => void) {
  const content = root.firstElementChild;
  if (!content || !("IntersectionObserver" in window)) return run();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      run();
    },
    { rootMargin: NEAR_VIEWPORT_MARGIN },
  );
  observer.observe(content);
}

/**
 * The page's events from before this module ran, where the boot script started it at the visitor's
 * first use (build-steps/boot-after-paint.ts): replayed to the islands they reached.
 */
const page = window as unknown as Record<string, unknown>;
const early = (page[EARLY_EVENTS] as Event[] | undefined) ?? [];
const pageStartedAt = (page[PAGE_STARTED_AT] as number | undefined) ?? Date.now();

/**
 * Hydrates the island at the first use of its markup (or the page's first scroll, with `onScroll`; at
 * once if the page is already scrolled). The fetch is asynchronous, so what the visitor did meanwhile is
 * done again once the widget runs: a button clicked (a link needs no script: the browser follows it) is
 * clicked again, and a mouse still over the island enters its hovered elements again (a dropdown that
 * opens on hover).
 */
function onFirstUse(root: HTMLElement, onScroll: boolean, run: () => Promise<void>) {
  let started = false;
  let clicked: HTMLElement | null = null;
  let hovered = false;
  const listen = (add: boolean) => {
    for (const type of FIRST_USE_EVENTS)
      if (add) root.addEventListener(type, wake, { capture: true, passive: true });
      else root.removeEventListener(type, wake, true);
    if (!onScroll) return;
    if (add) addEventListener("scroll", wake, { passive: true });
    else removeEventListener("scroll", wake);
  };
  function wake(event?: Event) {
    if (event?.type === "click" && event.target instanceof Element) clicked = event.target.closest("button");
    if (event instanceof PointerEvent && event.type === "pointerover")
      hovered = event.pointerType !== "touch";
    if (started) return;
    started = true;
    void run().then(() => {
      listen(false);
      if (hovered)
        for (const element of root.querySelectorAll(":hover"))
          element.dispatchEvent(new PointerEvent("pointerenter", { pointerType: "mouse" }));
      if (clicked?.isConnected) clicked.click();
    });
  }
  if (onScroll && window.scrollY > 0) return wake();
  listen(true);
  for (const event of early)
    if (FIRST_USE_EVENTS.includes(event.type) && event.target instanceof Node && root.contains(event.target))
      wake(event);
}

const atLoad: Promise<void>[] = [];
for (const root of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
  const island = islands[root.getAttribute(ISLAND_ATTRIBUTE) as keyof typeof islands] as Entry<never>;
  const run = () => hydrate(root, island);
  island.atLoad?.(root, {
    prefetch: () => void fetchIsland(island).catch(() => {}),
    hydrate: (props) => void hydrate(root, island, props),
    pageStartedAt,
  });
  if (island.hydrate === "load") atLoad.push(run());
  else if (island.hydrate === "first-use") onFirstUse(root, island.wakeOnScroll ?? false, run);
  else if (island.hydrate === "near") whenNear(root, () => void run());
}
// The islands listen for themselves from here on.
(page[STOP_EARLY_EVENTS] as (() => void) | undefined)?.();
// The page's widgets run: those of the load hydrated, the others listening for their first use (or, the
// offer popup, for their time).
void Promise.all(atLoad).then(() => pageReady());
