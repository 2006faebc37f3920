import type * as ContractsModule from "@site/contracts";
import type * as ContentPluginModule from "@site/content/vite";
import type * as ServiceUrlsModule from "@site/site-policy/service-urls";
import { createJiti } from "jiti";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Loaded through jiti, as in vite.config.ts: Node cannot load the workspace package's TypeScript.
const jiti = createJiti(import.meta.url);
const { resolveServiceUrls } = await jiti.import<typeof ServiceUrlsModule>("@site/site-policy/service-urls");
const { retentionFromEnv } = await jiti.import<typeof ContractsModule>("@site/contracts");
const { siteContent } = await jiti.import<typeof ContentPluginModule>("@site/content/vite");

// Unit tests only: the React Router Vite plugin is deliberately not loaded here.
export default defineConfig({
  // The content as the build ships it: plain data modules (jsdom cannot read the files itself).
  plugins: [siteContent()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  define: {
    __SITE_URL__: JSON.stringify("https://www.example.com"),
    // What a build with no VITE_*_API_URL bakes in: the services on this machine.
    __SERVICE_URLS__: JSON.stringify(resolveServiceUrls({}, undefined)),
    // What a build with no RETENTION_* bakes in: the periods the privacy notice promises by default.
    __RETENTION__: JSON.stringify(retentionFromEnv({})),
    // Every page view measured, as a build without VITALS_SAMPLE_RATE.
    __VITALS_SAMPLE_RATE__: "1",
    // The spec's panel; the live panel's own tests import it directly.
    __LIVE_CHAT__: "false",
  },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["app/**/*.test.{ts,tsx}"],
    setupFiles: ["./vitest.setup.ts"],
    restoreMocks: true,
  },
});
