import { chromium } from "@playwright/test";
import { readFileSync } from "node:fs";
import { chromiumFlags, chromiumPath } from "../../scripts/chromium.mjs";
const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumFlags] });
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send("WebAuthn.enable");
await cdp.send("WebAuthn.addVirtualAuthenticator", { options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true } });
const { execFileSync } = await import("node:child_process");
const { url } = JSON.parse(execFileSync(process.execPath, ["apps/server/dist/cli/leads.js", "staff", "invite", `s${Date.now()}@example.com`, "--json"], { env: { ...process.env, DATABASE_URL: "sqlite:/tmp/vt-shot/leads.sqlite", DESK_URL: "http://localhost:8600" } }).toString());
await page.goto(url);
await page.getByRole("button", { name: "Create my passkey" }).click();
await page.getByRole("heading", { name: "Inbox", level: 1 }).waitFor();
for (const path of ["/dashboard", "/speed"]) {
  await page.goto("http://localhost:8600" + path);
  await page.waitForTimeout(800);
  console.log(path, await page.evaluate(() => {
    const out = [];
    for (const el of document.querySelectorAll("body *")) {
      const r = el.getBoundingClientRect();
      if (r.right > window.innerWidth + 1) out.push(`${el.tagName}.${String(el.className).slice(0, 60)} right=${Math.round(r.right)}`);
    }
    return [document.documentElement.scrollWidth, out.slice(0, 8)];
  }));
}
await browser.close();
