import { defineConfig } from "vitest/config";

// The web build's own tests: unit tests of each step, and the real React Router build of a small
// fixture app (test-fixture/), built once per run by the global setup.
export default defineConfig({
  test: {
    name: "web-build",
    environment: "node",
    include: ["**/*.test.ts"],
    globalSetup: ["./test-fixture/build-fixture.ts"],
  },
});
