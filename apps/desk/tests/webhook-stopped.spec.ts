import { expect, test } from "@playwright/test";
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { checkScreen } from "./support/axe";
import { freePort, startFreshDesk } from "./support/fresh-desk";
import { addVirtualAuthenticator } from "./support/passkey";

// A webhook receiver that answers 410 Gone wants no more webhooks: the desk's channel health says, in
// words, that deliveries to it are stopped and how to configure it again.

test("the dashboard says when the webhook's receiver answered 410 Gone", async ({ page }, info) => {
  test.setTimeout(90_000);
  let requests = 0;
  const receiver = http.createServer((req, res) => {
    requests++;
    req.resume().on("end", () => res.writeHead(410).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/leads`;
  const contact = await freePort();
  const desk = await startFreshDesk({
    ROLE: "all",
    PORT: String(await freePort()),
    CONTACT_PORT: String(contact),
    QUOTATION_PORT: String(await freePort()),
    WEBHOOK_URL: hook,
    WEBHOOK_SECRET: `whsec_${randomBytes(32).toString("base64")}`,
  });
  try {
    const res = await fetch(`http://127.0.0.1:${contact}/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Gail Gone",
        email: "gail@example.com",
        phone: "020 7946 0410",
        message: "Does the webhook still work?",
      }),
    });
    expect(res.status).toBe(201);
    await expect.poll(() => requests, { timeout: 15_000 }).toBe(1);

    await addVirtualAuthenticator(page);
    await page.goto(await desk.invite("ops@example.com", "Olu Ops"));
    await page.getByRole("button", { name: "Create my passkey" }).click();
    await page.getByRole("link", { name: "Dashboard" }).click();
    const channels = page.getByRole("region", { name: "Notification channels" });
    await expect(channels).toContainText("Webhook deliveries are stopped.");
    await expect(channels).toContainText(`The receiver at ${new URL(hook).origin} answered 410 Gone`);
    await expect(channels).toContainText("npm run leads -- webhook resume");
    await checkScreen(page, info, "dashboard-webhook-stopped");
    expect(requests).toBe(1);
  } finally {
    await desk.stop();
    await new Promise((resolve) => receiver.close(resolve));
  }
});
