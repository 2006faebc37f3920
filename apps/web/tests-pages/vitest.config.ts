import { defineConfig } from "vitest/config";

// The site built from a fixed copy of its content (tests-pages/content), page by page against the
// committed digests in tests-pages/snapshots: the content pipeline (files → schema → data modules →
// pages) keeps rendering what it rendered. `npx vitest run --project web-pages -u` accepts a change.
export default defineConfig({
  test: {
    name: "web-pages",
    environment: "node",
    include: ["**/*.test.ts"],
    globalSetup: ["./build-pages.ts"],
  },
});
