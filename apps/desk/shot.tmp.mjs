import { chromium } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "../../scripts/chromium.mjs";
const { execFileSync } = await import("node:child_process");
const { url } = JSON.parse(execFileSync(process.execPath, ["apps/server/dist/cli/leads.js", "staff", "invite", `s${Date.now()}@example.com`, "--name", "Shot Taker", "--json"], { env: { ...process.env, DATABASE_URL: process.env.SHOT_DB ?? "sqlite:/tmp/vt-shot/leads.sqlite", DESK_URL: "http://localhost:8600" } }).toString());
const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumFlags] });
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
page.on("console", (m) => m.type() === "error" && console.log("console error:", m.text()));
const cdp = await context.newCDPSession(page);
await cdp.send("WebAuthn.enable");
await cdp.send("WebAuthn.addVirtualAuthenticator", { options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true } });
await page.goto(url);
await page.getByRole("button", { name: "Create my passkey" }).click();
await page.getByRole("heading", { name: "Inbox", level: 1 }).waitFor();
for (const [w, h] of [[1280, 800], [375, 740]]) {
  await page.setViewportSize({ width: w, height: h });
  await page.goto("http://localhost:8600/speed");
  await page.getByRole("heading", { name: "Site speed", level: 1 }).waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/vt-shot/speed-${w}.png`, fullPage: true });
  await page.goto("http://localhost:8600/speed?days=7");
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/vt-shot/speed7-${w}-top.png` });
  console.log(w, "scrollWidth", await page.evaluate(() => document.documentElement.scrollWidth));
}
await browser.close();
