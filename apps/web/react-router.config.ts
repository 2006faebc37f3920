import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/content/site-paths";
import { buildSettings } from "./build-steps/build-settings";
import { finishSiteBuild } from "./build-steps/finish-build";

export default {
  appDirectory: "app",
  ssr: false,
  // Every known URL is prerendered to real HTML; the list comes from the content modules.
  prerender: () => prerenderPaths(),
  // After prerendering: sitemap, icons and share image, every page rewritten to paint first, the site
  // manifest and static-host configs, compressed copies (build-steps/finish-build.ts).
  buildEnd: (args) => finishSiteBuild(args, buildSettings(process.env)),
  future: {
    v8_middleware: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: true,
    // Not adopted: the detail routes' clientLoader shares its content lookup with the route component,
    // so React Router cannot split it and would only add an empty placeholder chunk per detail route.
    v8_splitRouteModules: false,
  },
} satisfies Config;
