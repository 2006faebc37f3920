// `npm run test:chat`: the live chat in real browsers (issue 27). Builds the site with LIVE_CHAT=on into
// apps/web/build-chat (beside the usual build, which stays the spec's), its forms and chat addressed to
// this run's contact service, then runs apps/desk/playwright.chat.config.ts. Extra arguments go to
// Playwright. CHAT_BUILD=reuse skips the build when one exists. `--bench` runs only the bench
// (npm run bench:chat): two instances behind nginx with Redis, latency printed.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const contact = `http://localhost:${process.env.CONTACT_PORT ?? 8081}`;
const quotation = `http://localhost:${process.env.QUOTATION_PORT ?? 8091}`;
const run = (cmd, args, env = {}) => {
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (process.env.CHAT_BUILD !== "reuse" || !existsSync("apps/web/build-chat/site-manifest.json")) {
  console.log(`Building the site with LIVE_CHAT=on into apps/web/build-chat (chat at ${contact})…`);
  run("npm", ["run", "build", "-w", "apps/web"], {
    LIVE_CHAT: "on",
    WEB_BUILD_OUT: "build-chat",
    VITE_CONTACT_API_URL: contact,
    VITE_QUOTATION_API_URL: quotation,
  });
}
const args = process.argv.slice(2);
const benchOnly = args[0] === "--bench";
// The flows on one server (Chromium, and Firefox and WebKit visitors: ENGINES picks), then the bench and
// the SIGKILL test on two instances behind nginx with Redis.
if (!benchOnly) run("npx", ["playwright", "test", "-c", "apps/desk/playwright.chat.config.ts", ...args]);
if (benchOnly || args.length === 0) {
  run("npx", ["playwright", "test", "-c", "apps/desk/playwright.chat-bench.config.ts", ...args.slice(1)]);
}
