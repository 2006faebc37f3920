import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Unit tests only: the React Router Vite plugin is deliberately not loaded here.
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  define: { __SITE_URL__: JSON.stringify("https://www.example.com") },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    setupFiles: ["./vitest.setup.ts"],
    restoreMocks: true,
  },
});
