import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/content/site-paths";

export default {
  appDirectory: "app",
  ssr: false,
  // Every known URL is prerendered to real HTML; the list comes from the content modules.
  prerender: () => prerenderPaths(),
} satisfies Config;
