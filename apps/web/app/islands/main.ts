// The script of a content page (docs/decisions/0022-content-page-islands.md). React rendered the page
// at build time; here each widget's root element ([data-island], components/island.tsx) is hydrated on
// its own with the same component, by Preact (the build resolves react and react-dom to preact/compat:
// build-steps/islands-bundle.ts). The rest of the page is HTML that no script touches.
import { type ComponentType as PreactComponent, h, options, hydrate as preactHydrate } from "preact";
import type { ComponentType } from "react";
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, type IslandName } from "~/components/island";
import { CHUNK_FAILED_MESSAGE } from "~/lib/lazy-with-retry";
import { pageReady } from "~/lib/page-ready";
import { islands } from "./registry";

/**
 * Preact runs effects (useEffect) after the next animation frame; React runs them in a task of their own
 * right after rendering (its scheduler posts a message). The same here, so that the widgets' effects
 * run as they do under React: also in a hidden tab, and under a test's fake clock, which holds
 * animation frames and timers but not messages.
 */
const afterRender = new MessageChannel();
const pending: (() => void)[] = [];
afterRender.port1.onmessage = () => pending.splice(0).forEach((run) => run());
options.requestAnimationFrame = (run) => {
  pending.push(run);
  if (pending.length === 1) afterRender.port2.postMessage(null);
};

/** An island is loaded when it comes within this distance of the viewport (as the carousel's engine). */
const NEAR_VIEWPORT_MARGIN = "300px 0px";

/** Hydrates the island's root with its component and the props it was rendered with. */
function hydrate(root: HTMLElement, component: ComponentType) {
  const props = JSON.parse(root.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? "{}") as Record<string, unknown>;
  // The same component React rendered at build time, typed for React and run by Preact.
  preactHydrate(h(component as unknown as PreactComponent<Record<string, unknown>>, props), root);
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
 * The events that wake an island hydrated on first use, listened for on its root in the capture phase:
 * they reach the root before any element inside it, so the widget is hydrated, its own listeners in
 * place, before the same event reaches them (a pointer's pointerover comes before its pointerenter and
 * click, a focus's focusin before the key that follows).
 */
const FIRST_USE_EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown", "click"];

/** Runs `run` at the first use of the island's markup or the page's first scroll (or now, if scrolled). */
function onFirstUse(root: HTMLElement, run: () => void) {
  const wake = () => {
    for (const type of FIRST_USE_EVENTS) root.removeEventListener(type, wake, true);
    removeEventListener("scroll", wake);
    run();
  };
  // A page opened at a fragment, or restored scrolled, shows the scrolled state at once.
  if (window.scrollY > 0) return run();
  for (const type of FIRST_USE_EVENTS) root.addEventListener(type, wake, { capture: true, passive: true });
  addEventListener("scroll", wake, { passive: true });
}

// Each island hydrated at load is hydrated in a task of its own (as React's hydration yields between
// slices), so no one task holds the main thread for the whole chrome: a tap meanwhile is answered
// between two islands.
const queue: (() => void)[] = [];
const nextIsland = new MessageChannel();
nextIsland.port1.onmessage = () => {
  queue.shift()?.();
  if (queue.length > 0) nextIsland.port2.postMessage(null);
  else pageReady();
};

for (const root of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
  const name = root.getAttribute(ISLAND_ATTRIBUTE) as IslandName;
  const island = islands[name];
  if ("component" in island) {
    const run = () => hydrate(root, island.component as ComponentType);
    if (island.hydrate === "load") queue.push(run);
    else onFirstUse(root, run);
  } else
    whenNear(root, () => {
      island.whenNear().then(
        (component) => hydrate(root, component as ComponentType),
        // The prerendered widget stays as it is (the carousel's slides are all there to read).
        (error: unknown) => console.error(`${CHUNK_FAILED_MESSAGE}:`, error),
      );
    });
}
nextIsland.port2.postMessage(null);
