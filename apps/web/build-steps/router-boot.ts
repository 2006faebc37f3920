// React Router's boot script (the inline module script <Scripts/> renders for a prerendered page), read
// statement by statement. React Router 7 writes, one statement a line:
//   import "/assets/manifest-….js";
//   import * as route0 from "/assets/root-….js";
//   import * as route1 from "/assets/home-….js";
//   window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};
//   import("/assets/entry.client-….js");
// (with split route modules, also `const route1 = {...route1_clientLoader,...route1_main};`).
// Any other statement fails the build: the paint-first rewrite turns exactly these into dynamic imports.
import { expectOutput } from "./output-changed";

export interface RouterBoot {
  /** `import "…";` in order: the route manifest chunk. */
  sideEffectImports: string[];
  /** `import * as name from "…";` in order: the route modules. */
  namespaceImports: { name: string; href: string }[];
  /** The chunk of the final `import("…")`: the client entry, which hydrates. */
  entry: string;
  /** The statements after the imports, exactly as written, ending with the entry's import(). */
  rest: string;
}

const SIDE_EFFECT_IMPORT = /^import "([^"]+)";$/;
const NAMESPACE_IMPORT = /^import \* as ([A-Za-z_$][\w$]*) from "([^"]+)";$/;
const MERGED_ROUTE = /^const [A-Za-z_$][\w$]* = \{(?:\.\.\.[A-Za-z_$][\w$]*,?)+\};$/;
const ROUTE_MODULES = /^window\.__reactRouterRouteModules = \{[^;]*\};$/;
const ENTRY_IMPORT = /^import\("([^"]+)"\);$/;

/** The boot script's imports and statements; throws OutputChangedError naming any other statement. */
export function readRouterBoot(code: string, file: string): RouterBoot {
  const lines = code
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const boot: RouterBoot = { sideEffectImports: [], namespaceImports: [], entry: "", rest: "" };
  let index = 0;
  for (; index < lines.length; index++) {
    const line = lines[index] ?? "";
    const sideEffect = SIDE_EFFECT_IMPORT.exec(line);
    const namespace = NAMESPACE_IMPORT.exec(line);
    if (sideEffect?.[1]) boot.sideEffectImports.push(sideEffect[1]);
    else if (namespace?.[1] && namespace[2])
      boot.namespaceImports.push({ name: namespace[1], href: namespace[2] });
    else break;
  }
  const statements = lines.slice(index);
  const entry = ENTRY_IMPORT.exec(statements.at(-1) ?? "")?.[1];
  expectOutput(
    entry,
    file,
    () => `the boot script no longer ends with import("…entry.client….js"):\n${code}`,
  );
  const body = statements.slice(0, -1);
  for (const statement of body) {
    expectOutput(
      MERGED_ROUTE.test(statement) || ROUTE_MODULES.test(statement),
      file,
      () => `unexpected statement in the boot script: ${statement}`,
    );
  }
  expectOutput(
    body.filter((s) => ROUTE_MODULES.test(s)).length === 1,
    file,
    () => `the boot script should set window.__reactRouterRouteModules once:\n${code}`,
  );
  expectOutput(
    boot.namespaceImports.length > 0,
    file,
    () => `the boot script imports no route module:\n${code}`,
  );
  boot.entry = entry;
  // The text from the first statement after the imports, as React Router wrote it (blank lines kept).
  const first = statements[0] ?? "";
  boot.rest = code.slice(code.indexOf(first, lastImportEnd(code, lines.slice(0, index)))).trim();
  return boot;
}

/** The offset just after the last import line in the code (0 when there is none). */
function lastImportEnd(code: string, importLines: string[]): number {
  let offset = 0;
  for (const line of importLines) offset = code.indexOf(line, offset) + line.length;
  return offset;
}

/** Every chunk the boot script imports: the manifest, the route modules and the client entry. */
export const bootImports = (boot: RouterBoot): string[] => [
  ...boot.sideEffectImports,
  ...boot.namespaceImports.map((n) => n.href),
  boot.entry,
];
