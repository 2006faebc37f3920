import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { name: "site-policy", include: ["src/**/*.test.ts"] },
});
