/**
 * The live chat in the cross-engine suite (npm run test:chat): live-chat.chat.ts in Firefox ESR and
 * WebKitGTK on the LIVE_CHAT=on build, served as apps/desk/playwright.chat.config.ts serves it.
 */
import { defineConfig } from "@playwright/test";
import path from "node:path";
import { repoRoot } from "../tests/support/e2e-env";
import { type EngineName, engineNames } from "./driver/driver";

interface WorkerOptions {
  engineName: EngineName;
}

const chosen = (process.env.ENGINES?.split(",").filter(Boolean) ?? engineNames) as EngineName[];
const port = (name: string, fallback: number) => String(process.env[name] ?? fallback);
const desk = `http://localhost:${port("DESK_PORT", 8100)}`;

export default defineConfig<object, WorkerOptions>({
  testDir: ".",
  testMatch: "*.chat.ts",
  outputDir: path.join(repoRoot, "test-results", "engines-chat"),
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 90_000,
  reporter: [["list"]],
  projects: chosen
    .filter((e) => e !== "chromium")
    .map((engineName) => ({ name: engineName, use: { engineName } })),
  webServer: {
    command: "node apps/desk/tests-chat/support/serve-chat.mjs",
    cwd: repoRoot,
    url: `${desk}/api/session`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      DATABASE_URL: process.env.DATABASE_URL ?? "",
      ROLE: "all",
      LIVE_CHAT: "on",
      WEB_BUILD_DIR: path.join(repoRoot, "apps", "web", "build-chat", "client"),
      DESK_URL: desk,
      ALLOWED_ORIGINS: `http://localhost:${port("PORT", 3000)}`,
      CHAT_FAKE_START: "2026-01-05 10:00:00",
      TZ: "UTC",
      CHAT_MESSAGES_PER_MINUTE: "1000",
      CHAT_CONVERSATIONS_PER_HOUR: "100",
      DESK_RATE_LIMIT_PER_MINUTE: "1000",
      LOG_LEVEL: "warn",
    },
  },
});
