// Bundles the server and the leads CLI to dist/. npm dependencies stay external; the workspace
// contracts package (TypeScript source) is bundled in.
import { build } from "esbuild";
import { readFileSync } from "node:fs";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})].filter(
  (d) => !d.startsWith("@site/"),
);

await build({
  entryPoints: {
    main: "src/main.ts",
    "sqlite-thread": "src/records/intake/sqlite-thread.ts",
    "editor-thread": "src/publishing/editor-thread.ts",
    "cli/leads": "src/cli/leads.ts",
    "cli/content": "src/cli/content.ts",
    "bench/leads": "src/bench/leads.ts",
    "bench/desk-inbox": "src/bench/desk-inbox.ts",
    "bench/erasure": "src/bench/erasure.ts",
    "bench/chat-streams": "src/bench/chat-streams.ts",
    "bench/bench-target": "src/bench/bench-target.ts",
  },
  outdir: "dist",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  external,
  logLevel: "warning",
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
});
console.log("server: built dist/");
