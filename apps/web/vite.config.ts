import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { createJiti } from "jiti";
import type * as BuildSettingsModule from "./build-steps/build-settings";
import type * as ContentPluginModule from "@site/content/vite";
import { defineConfig } from "vite";
import { islandsBundle } from "./build-steps/islands-bundle";
import { manualChunks } from "./build-steps/manual-chunks";

// Vite bundles this file but leaves every package to Node, which cannot load the TypeScript sources of
// the workspace packages (@site/site-policy): the build settings are loaded through jiti instead.
const jiti = createJiti(import.meta.url);
const { buildSettings } = await jiti.import<typeof BuildSettingsModule>("./build-steps/build-settings");
// The site's content (content/, or CONTENT_DIR): validated once, shipped as plain data modules.
const { siteContent } = await jiti.import<typeof ContentPluginModule>("@site/content/vite");

// SITE_URL, the service URLs and the retention periods (RETENTION_*, as the server reads them), checked once: a public https build without the services' public
// addresses fails here, naming VITE_CONTACT_API_URL and VITE_QUOTATION_API_URL.
const { siteUrl, serviceUrls, retention, vitalsSampleRate, liveChat } = buildSettings(process.env);

export default defineConfig({
  // islandsBundle: the content pages' script, a second build of their widgets with Preact
  // (docs/decisions/0022-content-page-islands.md).
  plugins: [siteContent(), tailwindcss(), reactRouter(), islandsBundle({ plugins: () => [siteContent()] })],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  define: {
    __SITE_URL__: JSON.stringify(siteUrl),
    __SERVICE_URLS__: JSON.stringify(serviceUrls),
    __RETENTION__: JSON.stringify(retention),
    __VITALS_SAMPLE_RATE__: JSON.stringify(vitalsSampleRate),
    __LIVE_CHAT__: JSON.stringify(liveChat),
  },
  build: {
    target: "es2022",
    // The browser bundle is minified with terser: ~4.5 KB gzip less first-load JS than esbuild's
    // minifier (budget: first-load JS of / <= 125 KB gzip, npm run check:js-budget). Set here rather
    // than per environment: Vite builds every environment with one shared set of plugins, whose terser
    // plugin reads the top-level build options.
    // A lazy chunk (offer popup, cookie settings, chat panel, carousel engine, web-vitals) is a plain
    // import(): Vite's preload helper would first add <link rel="modulepreload"> for the chunk and its
    // imports, the pattern that froze WebKit (issues 19 and 28, docs/decisions/0007-paint-first-loading.md).
    // Every import of these chunks is a chunk the page has already loaded, so nothing waits longer.
    modulePreload: false,
    minify: "terser",
    terserOptions: {
      module: true,
      ecma: 2020,
      compress: { passes: 3 },
      format: { comments: false },
    },
    rollupOptions: {
      onwarn(warning, warn) {
        // zod 4.6.7 has two comments that mention `@__PURE__` in prose (v4/core/util.js, regexes.js);
        // Rollup takes them for misplaced annotations and says it drops the comments. Only that,
        // only from zod: every other warning is printed.
        if (
          warning.code === "INVALID_ANNOTATION" &&
          /[\\/]node_modules[\\/]zod[\\/]/.test(warning.id ?? "")
        ) {
          return;
        }
        warn(warning);
      },
    },
  },
  environments: {
    client: { build: { rollupOptions: { output: { manualChunks } } } },
    // The prerender (server) bundle never reaches a browser: left unminified.
    ssr: { build: { minify: false } },
  },
});
