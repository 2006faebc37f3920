// Hydrates one island with Preact (the build resolves react and react-dom to preact/compat:
// build-steps/islands-bundle.ts). A chunk of its own, fetched with the first island hydrated: the
// loader (main.ts) that every content page runs at load holds no framework code.
import { type ComponentType as PreactComponent, h, options, hydrate as preactHydrate } from "preact";
import type { ComponentType } from "react";
import { ISLAND_PROPS_ATTRIBUTE } from "~/components/island-attributes";

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

/** Hydrates the island's root with its component and the props it was rendered with (`extra` over them). */
export function hydrateIsland(root: HTMLElement, component: ComponentType, extra?: Record<string, unknown>) {
  const props = {
    ...(JSON.parse(root.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? "{}") as Record<string, unknown>),
    ...extra,
  };
  // The same component React rendered at build time, typed for React and run by Preact.
  preactHydrate(h(component as unknown as PreactComponent<Record<string, unknown>>, props), root);
}
