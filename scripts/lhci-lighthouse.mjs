// The Lighthouse that LHCI runs (LHCI's own dependency, resolved from LHCI's folder), for the scripts
// that call it directly: the CPU calibration (its benchmark) and the main-thread ratio (its runs).
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const fromLhci = createRequire(createRequire(import.meta.url).resolve("@lhci/cli/package.json"));
const lighthouseDir = path.dirname(fromLhci.resolve("lighthouse/package.json"));
const fromLighthouse = createRequire(path.join(lighthouseDir, "package.json"));

/** A module of that Lighthouse by its path in the package ("core/lib/page-functions.js"). */
export const importLighthouseFile = (file) => import(pathToFileURL(path.join(lighthouseDir, file)).href);

/** A package as that Lighthouse resolves it ("chrome-launcher"), or Lighthouse itself ("lighthouse"). */
export const importForLighthouse = (name) =>
  import(pathToFileURL(name === "lighthouse" ? fromLhci.resolve(name) : fromLighthouse.resolve(name)).href);
