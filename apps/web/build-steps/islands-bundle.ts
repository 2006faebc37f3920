// The islands' script of the content pages (docs/decisions/0022-content-page-islands.md), built inside
// React Router's build: once the client environment is written, a second Vite build bundles
// app/islands/main.ts into the same client folder, with react and react-dom resolved to Preact's
// compatibility layer; the prerender, which comes after it, reads the script's name from the virtual
// module "virtual:islands-script" (root.tsx puts it in every content page). The dev server has no
// islands' script (the module says undefined): there React Router hydrates every page.
import { fileURLToPath } from "node:url";
import { type Alias, type Plugin, type PluginOption, type ResolvedConfig, type Rollup, build } from "vite";

const MODULE_ID = "virtual:islands-script";
const RESOLVED_ID = `\0${MODULE_ID}`;
const entry = fileURLToPath(new URL("../app/islands/main.ts", import.meta.url));
const appDir = fileURLToPath(new URL("../app", import.meta.url));

/**
 * React's entry points, resolved to Preact's compatibility layer (about 10 KB gzip against 60). Bare
 * specifiers, resolved as Vite resolves Preact's own imports of "preact/compat": a path resolved by
 * Node here ("import" condition: compat.mjs) and Vite's ("module" condition: compat.module.js) would
 * be two copies of the layer in one bundle.
 */
const preactAliases: Alias[] = [
  { find: /^react$/, replacement: "preact/compat" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
];

/**
 * `plugins`: the plugins the islands' modules need besides Vite's own (the site's content modules), as
 * a new instance for the islands' build.
 */
export function islandsBundle({ plugins }: { plugins: () => PluginOption[] }): Plugin {
  let config: ResolvedConfig;
  let script: string | undefined;
  return {
    name: "site:islands-bundle",
    configResolved(resolved) {
      config = resolved;
    },
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? `export default ${JSON.stringify(script)};` : undefined),
    async writeBundle() {
      if (this.environment.name !== "client") return;
      script = await buildIslands(config, config.environments.client?.build.outDir, plugins());
      config.logger.info(`islands: ${script}`);
    },
  };
}

/** Bundles the islands' script into `outDir` (the client build); returns its root-relative URL. */
async function buildIslands(
  config: ResolvedConfig,
  outDir: string | undefined,
  plugins: PluginOption[],
): Promise<string> {
  if (!outDir) throw new Error("islands: the client environment has no outDir");
  const output = await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    envDir: config.envDir,
    envPrefix: config.envPrefix,
    logLevel: "warn",
    define: config.define,
    plugins,
    resolve: { alias: [...preactAliases, { find: "~", replacement: appDir }] },
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target: config.build.target,
      minify: config.build.minify,
      terserOptions: config.build.terserOptions,
      // Lazy chunks are plain import()s, as in React Router's build (vite.config.ts says why).
      modulePreload: false,
      rollupOptions: {
        // React Server Components' "use client" means nothing in a browser bundle (React Router's own
        // build drops the same warning for these packages).
        onwarn(warning, warn) {
          if (warning.code === "MODULE_LEVEL_DIRECTIVE" && warning.message.includes('"use client"')) return;
          warn(warning);
        },
        input: { islands: entry },
        output: { entryFileNames: "assets/[name]-[hash].js", chunkFileNames: "assets/[name]-[hash].js" },
      },
    },
  });
  const outputs = (Array.isArray(output) ? output : [output]) as Rollup.RollupOutput[];
  const main = outputs
    .flatMap((o) => o.output)
    .find((file): file is Rollup.OutputChunk => file.type === "chunk" && file.isEntry);
  if (!main) throw new Error("islands: the build wrote no entry chunk");
  return `/${main.fileName}`;
}
