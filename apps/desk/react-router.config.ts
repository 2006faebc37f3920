import type { Config } from "@react-router/dev/config";
import { finishDeskBuild } from "./build-steps/finish-desk-build";

export default {
  appDirectory: "app",
  // A single-page app: the desk's pages are private, so nothing is prerendered; the desk role serves
  // build/client/index.html for every page path.
  ssr: false,
  // After the build: the inline hashes of index.html for the desk's CSP, and compressed copies.
  buildEnd: ({ reactRouterConfig }) => finishDeskBuild(reactRouterConfig.buildDirectory),
  future: {
    v8_middleware: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
