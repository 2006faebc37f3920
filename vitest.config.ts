import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      "apps/web/vitest.config.ts",
      "apps/web/build-steps/vitest.config.ts",
      "apps/web/tests-pages/vitest.config.ts",
      "packages/content/vitest.config.ts",
      "apps/server/vitest.config.ts",
      "packages/contracts/vitest.config.ts",
      "packages/site-policy/vitest.config.ts",
      // The root scripts (the build readers behind the budgets).
      { test: { name: "scripts", include: ["scripts/**/*.test.mjs"], environment: "node" } },
    ],
  },
});
