// The script of a content page (docs/decisions/0022-content-page-islands.md). React rendered the page
// at build time; here each widget's root element ([data-island], components/island.tsx) is hydrated on
// its own with the same component, by Preact through preact/compat (the build aliases react and
// react-dom to it: build-steps/islands-bundle.ts). The rest of the page is HTML that no script touches.
import type { ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, type IslandName } from "~/components/island";
import { CHUNK_FAILED_MESSAGE } from "~/lib/lazy-with-retry";
import { pageReady } from "~/lib/page-ready";
import { islands } from "./registry";

/** An island is loaded when it comes within this distance of the viewport (as the carousel's engine). */
const NEAR_VIEWPORT_MARGIN = "300px 0px";

function hydrate(root: HTMLElement, component: ComponentType) {
  const Component = component as ComponentType<Record<string, unknown>>;
  const props = JSON.parse(root.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? "{}") as Record<string, unknown>;
  hydrateRoot(root, <Component {...props} />);
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
