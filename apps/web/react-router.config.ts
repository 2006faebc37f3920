import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/lib/site-paths";
import { buildSettings } from "./build-steps/build-settings";
import { finishSiteBuild } from "./build-steps/finish-site-build";
import { futureFlags } from "./build-steps/future-flags";

export default {
  appDirectory: "app",
  // WEB_BUILD_OUT: another folder than build/ (a publish builds into a new folder, the page snapshot test
  // into a temporary one, the live-chat tests a LIVE_CHAT=on site beside the usual one).
  buildDirectory: process.env.WEB_BUILD_OUT?.trim() || "build",
  ssr: false,
  // Every known URL is prerendered to real HTML; the list comes from the content (content/ or CONTENT_DIR).
  prerender: () => prerenderPaths(),
  // After prerendering: sitemap, icons and share image, every page rewritten to paint first, the site
  // manifest and static-host configs, compressed copies (build-steps/finish-site-build.ts).
  buildEnd: (args) => finishSiteBuild(args, buildSettings(process.env)),
  future: futureFlags,
} satisfies Config;
