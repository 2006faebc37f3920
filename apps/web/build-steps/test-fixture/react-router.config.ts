// The fixture app of the build tests: built by the real `react-router build` (build-fixture.ts), with the
// site's future flags and the site's own page rewrite (finishPages), into FIXTURE_BUILD_DIR.
import type { Config } from "@react-router/dev/config";
import { cp } from "node:fs/promises";
import path from "node:path";
import { builtApp, finishPages } from "../finish-pages";
import { futureFlags } from "../future-flags";
import { FIXTURE_SERVICE_URLS, ROUTER_OUTPUT_DIR } from "./fixture-facts";

export default {
  appDirectory: "app",
  buildDirectory: process.env.FIXTURE_BUILD_DIR ?? "build",
  ssr: false,
  prerender: ["/", "/items/first"],
  future: futureFlags,
  async buildEnd(args) {
    // React Router's own output, kept for the tests that mutate it (router-page.test.ts).
    const { clientDir } = builtApp(args);
    await cp(clientDir, path.join(path.dirname(clientDir), ROUTER_OUTPUT_DIR), { recursive: true });
    await finishPages(args, FIXTURE_SERVICE_URLS);
  },
} satisfies Config;
