import { describe, expect, it } from "vitest";
import { attribute, elementsOf, parseHtml, textOf } from "./html-tree";
import { bootImports, readRouterBoot } from "./router-boot";
import { readRouterOutput } from "./test-fixture/fixture-build";

const routerBootOf = async (file: string) => {
  const script = [...elementsOf(parseHtml(await readRouterOutput(file)))].find(
    (e) => e.tagName === "script" && attribute(e, "type") === "module",
  );
  return script ? textOf(script) : "";
};

describe("readRouterBoot", () => {
  it("reads React Router's boot script into its imports and the statements after them", async () => {
    const code = await routerBootOf("items/first/index.html");
    const boot = readRouterBoot(code, "items/first/index.html");
    expect(boot.sideEffectImports).toEqual([expect.stringMatching(/^\/assets\/manifest-[\w-]+\.js$/)]);
    expect(boot.namespaceImports).toEqual([
      { name: "route0", href: expect.stringMatching(/^\/assets\/root-[\w-]+\.js$/) },
      { name: "route1", href: expect.stringMatching(/^\/assets\/item-[\w-]+\.js$/) },
    ]);
    expect(boot.entry).toMatch(/^\/assets\/entry\.client-[\w-]+\.js$/);
    // Exactly as written, so the rewritten boot runs the same code.
    expect(boot.rest).toBe(
      `window.__reactRouterRouteModules = {"root":route0,"routes/item":route1};\n\nimport("${boot.entry}");`,
    );
    expect(bootImports(boot)).toEqual([
      ...boot.sideEffectImports,
      ...boot.namespaceImports.map((n) => n.href),
      boot.entry,
    ]);
  });

  it("accepts the merged route modules React Router writes when it splits a route module", () => {
    const code = [
      'import "/assets/manifest-1.js";',
      'import * as route0 from "/assets/root-2.js";',
      'import * as route1_clientLoader from "/assets/item-client-loader-3.js";',
      'import * as route1_main from "/assets/item-4.js";',
      "const route1 = {...route1_clientLoader,...route1_main};",
      '  window.__reactRouterRouteModules = {"root":route0,"routes/item":route1};',
      "",
      'import("/assets/entry.client-5.js");',
    ].join("\n");
    const boot = readRouterBoot(code, "split.html");
    expect(boot.namespaceImports.map((n) => n.name)).toEqual([
      "route0",
      "route1_clientLoader",
      "route1_main",
    ]);
    expect(boot.rest).toMatch(/^const route1 = \{\.\.\.route1_clientLoader,\.\.\.route1_main\};\n/);
  });

  it("names the statement it does not know", () => {
    const code = 'import * as route0 from "/r.js";\nimport { x } from "/y.js";\nx();\nimport("/e.js");';
    expect(() => readRouterBoot(code, "odd.html")).toThrow(
      /React Router's output changed: odd\.html: unexpected statement in the boot script: import \{ x \} from "\/y\.js";/,
    );
  });
});
