/**
 * The live chat in Firefox and WebKit (issue 27; npm run test:chat runs it on the LIVE_CHAT=on build):
 * a visitor in the engine under test starts a chat and exchanges messages with a member whose desk
 * runs in Chromium (a passkey needs Chromium's virtual authenticator), then reloads and continues.
 */
import { chromium } from "@playwright/test";
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { chromiumFlags, chromiumPath } from "../../../scripts/chromium.mjs";
import { repoRoot } from "../tests/support/e2e-env";
import { expect, test } from "./fixtures";

const run = promisify(execFile);
const deskUrl = `http://localhost:${process.env.DESK_PORT ?? 8100}`;

/** A member enrolled with a passkey in Chromium, on the Chats screen. */
async function openDesk() {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumFlags] });
  const page = await browser.newPage({ baseURL: deskUrl });
  const email = `eng-${randomUUID().slice(0, 8)}@example.com`;
  const { stdout } = await run(
    process.execPath,
    ["apps/server/dist/cli/leads.js", "staff", "invite", email, "--name", "Eve Engine", "--json"],
    { cwd: repoRoot, env: { ...process.env, DESK_URL: deskUrl, SMTP_URL: "" } },
  );
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await page.goto((JSON.parse(stdout) as { url: string }).url);
  await page.getByRole("button", { name: "Create my passkey" }).click();
  await page.getByRole("heading", { name: "Inbox", level: 1 }).waitFor();
  await page.goto("/chats");
  return { browser, page };
}

const logText = () => document.querySelector("[data-chat-log]")?.textContent ?? "";

test("a visitor chats with a member, reloads and continues", async ({ tab, engineName }) => {
  test.skip(engineName === "chromium", "Chromium chats in npm run test:chat's own specs");
  const desk = await openDesk();
  try {
    const who = `Visitor ${engineName} ${randomUUID().slice(0, 4)}`;
    await tab.setViewport(1280, 800);
    await tab.open("/services/web-app-development");
    await tab.click({ css: "button", name: "Open chat" });
    await tab.waitUntilShown('[role="dialog"] form[aria-label="Start a chat"]');
    await tab.fill('[role="dialog"] input[name="name"]', who);
    await tab.fill('[role="dialog"] input[name="email"]', "engine@example.com");
    await tab.fill('[role="dialog"] textarea[name="body"]', "Hello from another engine");
    await tab.click('[role="dialog"] input[name="consent"]');
    await tab.click({ css: '[role="dialog"] button[type="submit"]', name: "Start chat" });
    await tab.waitFor(
      (t) => (document.querySelector("[data-chat-log]")?.textContent ?? "").includes(t),
      ["Hello from another engine"],
    );

    await desk.page.getByRole("link", { name: new RegExp(who) }).click();
    const answer = desk.page.getByRole("region", { name: who }).getByRole("textbox");
    await answer.fill("Welcome! How can we help?");
    await answer.press("Enter");
    await tab.waitFor(
      (t) => (document.querySelector("[data-chat-log]")?.textContent ?? "").includes(t),
      ["Welcome! How can we help?"],
      { message: "the member's answer in the visitor's panel" },
    );

    await tab.fill('[role="dialog"] textarea:not([name])', "Please call me back");
    await tab.press("Enter");
    await desk.page.getByRole("region", { name: who }).getByText("Please call me back").waitFor();

    await tab.open("/services/web-app-development");
    await tab.waitFor(
      (t) => (document.querySelector("[data-chat-log]")?.textContent ?? "").includes(t),
      ["Please call me back"],
    );
    const text = await tab.run(logText);
    for (const line of ["Hello from another engine", "Welcome! How can we help?", "Please call me back"]) {
      expect(text.split(line).length - 1, `"${line}" shown once`).toBe(1);
    }
  } finally {
    await desk.browser.close();
  }
});
