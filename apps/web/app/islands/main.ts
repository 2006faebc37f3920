// The script of a content page (docs/decisions/0022-content-page-islands.md). React rendered the page
// at build time; here each widget's root element ([data-island], components/island.tsx) is hydrated on
// its own with the same component, by Preact (the build resolves react and react-dom to preact/compat:
// build-steps/islands-bundle.ts). The rest of the page is HTML that no script touches.
import { type ComponentType as PreactComponent, h, hydrate as preactHydrate } from "preact";
import type { ComponentType } from "react";
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, type IslandName } from "~/components/island";
import { CHUNK_FAILED_MESSAGE } from "~/lib/lazy-with-retry";
import { pageReady } from "~/lib/page-ready";
import { islands } from "./registry";

/** An island is loaded when it comes within this distance of the viewport (as the carousel's engine). */
const NEAR_VIEWPORT_MARGIN = "300px 0px";

/** Hydrates the island's root with its component and the props it was rendered with. */
function hydrate(root: HTMLElement, component: ComponentType) {
  const props = JSON.parse(root.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? "{}") as Record<string, unknown>;
  // The same component React rendered at build time, typed for React and run by Preact.
  preactHydrate(h(component as unknown as PreactComponent<Record<string, unknown>>, props), root);
}

function whenNear(root: HTMLElement, run: () => void) {
  if (!("IntersectionObserver" in window)) return run();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      run();
    },
    { rootMargin: NEAR_VIEWPORT_MARGIN },
  );
  observer.observe(root);
}

for (const root of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
  const name = root.getAttribute(ISLAND_ATTRIBUTE) as IslandName;
  const island = islands[name];
  if ("component" in island) hydrate(root, island.component as ComponentType);
  else
    whenNear(root, () => {
      island.whenNear().then(
        (component) => hydrate(root, component as ComponentType),
        // The prerendered widget stays as it is (the carousel's slides are all there to read).
        (error: unknown) => console.error(`${CHUNK_FAILED_MESSAGE}:`, error),
      );
    });
}
pageReady();
