import { expect, test } from "@playwright/test";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import path from "node:path";
import { databaseUrl, ports, repoRoot, screenshotDir } from "./support/chat-env";
import { checkScreen, member, visitor } from "./support/people";

// What the panel does with issue 33's bounds: a start retried with its secret, a long conversation's
// earlier messages on request, and a conversation the staff closed.

const run = promisify(execFile);

/** The chat leads of `name` in the store (the leads command, as an operator would ask). */
async function chatLeads(name: string) {
  const { stdout } = await run(process.execPath, ["apps/server/dist/cli/leads.js", "list", "--json"], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  return (JSON.parse(stdout) as { kind: string; name: string }[]).filter(
    (l) => l.kind === "chat" && l.name === name,
  );
}

test("a start whose answer was lost is tried again with its secret: one conversation, which goes on", async ({
  browser,
}, info) => {
  test.skip(info.project.name === "mobile", "once is enough");
  const guest = await visitor(browser, info, "/contact");
  const starts: Record<string, unknown>[] = [];
  let lose = true;
  await guest.page.route("**/chat/conversations", async (route) => {
    starts.push(route.request().postDataJSON() as Record<string, unknown>);
    if (!lose) return route.continue();
    lose = false;
    // The start reaches the service and is stored; its answer never reaches the page.
    await route.fetch();
    await route.abort("connectionreset");
  });
  await guest.page.getByRole("button", { name: "Open chat" }).click();
  const panel = guest.page.getByRole("dialog", { name: "Chat with us" });
  const who = `Ada Retry ${Date.now()}`;
  await panel.getByLabel("Your name").fill(who);
  await panel.getByLabel("Your e-mail").fill("ada.retry@example.com");
  await panel.getByLabel("Your message").fill("Is anyone there?");
  await panel.getByRole("checkbox").check();
  await panel.getByRole("button", { name: "Start chat" }).click();
  await expect(panel.getByText("The chat is not reachable right now.")).toBeVisible();
  await panel.getByRole("button", { name: "Start chat" }).click();
  const log = panel.getByRole("log", { name: "Messages" });
  await expect(log.getByText("Is anyone there?")).toBeVisible();
  expect(starts).toHaveLength(2);
  expect(starts[1]!.clientId).toBe(starts[0]!.clientId);
  expect(starts[1]!.secret).toBe(starts[0]!.secret);
  expect(String(starts[0]!.secret)).toMatch(/^[\w-]{43}$/);
  await panel.getByRole("textbox", { name: "Write a message" }).fill("Second message");
  await panel.getByRole("textbox", { name: "Write a message" }).press("Enter");
  await expect(log.locator("li")).toHaveCount(2);
  expect(await chatLeads(who)).toHaveLength(1);
  await guest.context.close();
});

test("a long conversation shows its latest 200 messages, and the earlier ones when the visitor scrolls up", async ({
  browser,
}, info) => {
  // 259 messages sent, and axe over 200 to 260 of them: more than the suite's minute on a busy machine.
  test.setTimeout(150_000);
  const guest = await visitor(browser, info, "/contact");
  await guest.page.getByRole("button", { name: "Open chat" }).click();
  const panel = guest.page.getByRole("dialog", { name: "Chat with us" });
  await panel.getByLabel("Your name").fill("Long Talker");
  await panel.getByLabel("Your e-mail").fill("long@example.com");
  await panel.getByLabel("Your message").fill("Message 1");
  await panel.getByRole("checkbox").check();
  await panel.getByRole("button", { name: "Start chat" }).click();
  const log = panel.getByRole("log", { name: "Messages" });
  await expect(log.locator("li")).toHaveCount(1);
  const { conversationId, token } = await guest.page.evaluate(
    () => JSON.parse(localStorage.getItem("liveChat") ?? "{}") as { conversationId: string; token: string },
  );
  const base = `http://localhost:${ports.contact}`;
  const origin = new URL(guest.page.url()).origin;
  for (let i = 2; i <= 260; i++) {
    const res = await guest.context.request.post(`${base}/chat/messages`, {
      headers: { origin },
      data: { conversationId, token, clientId: crypto.randomUUID(), body: `Message ${i}` },
    });
    expect(res.status()).toBe(201);
  }
  await guest.page.reload();
  await expect(log.locator("li")).toHaveCount(200);
  await expect(log.locator("li").first()).toContainText("Message 61");
  await expect(log.locator("li").last()).toContainText("Message 260");
  const earlier = log.getByRole("button", { name: "Earlier messages" });
  await expect(earlier).toBeVisible();
  await checkScreen(guest.page, info, "chat-earlier-latest");
  // Just short of the top: the button shows, nothing loads yet.
  await log.evaluate((el) => el.scrollTo({ top: 2 }));
  await expect(earlier).toBeInViewport();
  if (screenshotDir)
    await guest.page.screenshot({
      path: path.join(screenshotDir, `chat-earlier-button-${info.project.name}.png`),
    });
  expect(await log.locator("li").count()).toBe(200);
  // Scrolled to the top: 50 more, the view staying on what the visitor was reading.
  await log.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(log.locator("li")).toHaveCount(250);
  await expect(log.locator("li").first()).toContainText("Message 11");
  expect(await log.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  // From the keyboard: the button (focusing it scrolls the list to it, which may already load the
  // rest), then Enter; the last page in, focus stays in the list rather than falling to the page.
  await earlier.focus();
  if (await earlier.count()) await guest.page.keyboard.press("Enter");
  await expect(log.locator("li")).toHaveCount(260);
  await expect(log.locator("li").first()).toContainText("Message 1");
  await expect(earlier).toHaveCount(0);
  await expect(log).toBeFocused();
  await checkScreen(guest.page, info, "chat-earlier-all");
  await guest.context.close();
});

test("a conversation the staff closed: the panel says so and stops listening until the visitor writes", async ({
  browser,
}, info) => {
  test.skip(info.project.name === "mobile", "once is enough");
  const staff = await member(browser, info, "Cleo Closer");
  const guest = await visitor(browser, info, "/contact");
  await guest.page.getByRole("button", { name: "Open chat" }).click();
  const panel = guest.page.getByRole("dialog", { name: "Chat with us" });
  const who = `Closed Case ${Date.now()}`;
  await panel.getByLabel("Your name").fill(who);
  await panel.getByLabel("Your e-mail").fill("closed@example.com");
  await panel.getByLabel("Your message").fill("A question");
  await panel.getByRole("checkbox").check();
  await panel.getByRole("button", { name: "Start chat" }).click();
  const log = panel.getByRole("log", { name: "Messages" });
  await expect(log.locator("li")).toHaveCount(1);

  await staff.page.getByRole("link", { name: new RegExp(who) }).click();
  const pane = staff.page.getByRole("region", { name: who });
  await pane.getByRole("button", { name: "Close" }).click();
  await expect(panel.getByText("This conversation was closed. Write again to reopen it.")).toBeVisible();
  const streams = () => guest.requests.filter((u) => u.includes("/chat/stream")).length;
  const before = streams();
  await guest.page.waitForTimeout(3_000);
  expect(streams()).toBe(before);
  await expect(panel.getByText("Connection lost")).toHaveCount(0);

  await panel.getByRole("textbox", { name: "Write a message" }).fill("One more thing");
  await panel.getByRole("textbox", { name: "Write a message" }).press("Enter");
  await expect.poll(streams).toBe(before + 1);
  await expect(panel.getByText("This conversation was closed.")).toHaveCount(0);
  await pane.getByRole("textbox").fill("Here is the answer.");
  await pane.getByRole("textbox").press("Enter");
  await expect(log.getByText("Here is the answer.")).toBeVisible();
  await staff.context.close();
  await guest.context.close();
});
