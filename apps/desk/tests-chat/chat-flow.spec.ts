import { expect, test } from "@playwright/test";
import { checkScreen, member, visitor } from "./support/people";

test("a visitor and a member chat live; the visitor reloads and the conversation continues", async ({
  browser,
}, info) => {
  const staff = await member(browser, info);
  const available = staff.page.getByRole("switch", { name: "Available for chats" });
  await available.click();
  await expect(available).toHaveAttribute("aria-checked", "true");

  const guest = await visitor(browser, info);
  // Nothing of the chat before the panel opens: no request to the chat, nothing stored.
  expect(guest.requests.filter((u) => u.includes("/chat/"))).toEqual([]);
  expect(await guest.page.evaluate(() => localStorage.getItem("liveChat"))).toBeNull();

  await guest.page.getByRole("button", { name: "Open chat" }).click();
  const panel = guest.page.getByRole("dialog", { name: "Chat with us" });
  await expect(panel.getByText("someone from our team will answer in a minute")).toBeVisible();
  await checkScreen(guest.page, info, "chat-start");
  // Consent is required before anything is sent or stored.
  // One name per attempt: a retry (or --repeat-each) finds only its own row in the member's list.
  const who = `Grace Hopper ${info.project.name} ${info.retry}.${info.repeatEachIndex}`;
  await panel.getByLabel("Your name").fill(who);
  await panel.getByLabel("Your e-mail").fill("grace@example.com");
  await panel.getByLabel("Your message").fill("Do you build ERP integrations?");
  await panel.getByRole("button", { name: "Start chat" }).click();
  await expect(panel.getByText("Agree to the conversation being stored")).toBeVisible();
  expect(await guest.page.evaluate(() => localStorage.getItem("liveChat"))).toBeNull();
  await panel.getByRole("checkbox").check();
  await panel.getByRole("button", { name: "Start chat" }).click();
  const log = panel.getByRole("log", { name: "Messages" });
  await expect(log.getByText("Do you build ERP integrations?")).toBeVisible();
  await expect(log).toHaveAttribute("aria-live", "polite");
  expect(await guest.page.evaluate(() => JSON.parse(localStorage.getItem("liveChat") ?? "{}").open)).toBe(
    true,
  );

  // The member hears of it, opens it, takes it and answers; the visitor sees "typing…", then the answer.
  const row = staff.page.getByRole("link", { name: new RegExp(who) });
  await expect(row).toContainText("1 unread");
  await expect(staff.page).toHaveTitle(/^\(\d+\) Chats/);
  await row.click();
  const pane = staff.page.getByRole("region", { name: who });
  await pane.getByRole("button", { name: "Take" }).click();
  await expect(panel.getByText("Sam is answering you.")).toBeVisible();
  await pane.getByRole("textbox").pressSequentially("Yes, ");
  await expect(panel.getByText("Our team is typing…").or(panel.getByText("Sam is typing…"))).toBeVisible();
  await pane.getByRole("textbox").pressSequentially("<b>we do</b>.");
  await pane.getByRole("textbox").press("Enter");
  await expect(log.getByText("Yes, <b>we do</b>.")).toBeVisible();
  await expect(pane.getByText("Seen by the visitor")).toBeVisible();
  await checkScreen(guest.page, info, "chat-conversation");
  await checkScreen(staff.page, info, "desk-chats");

  // The visitor answers with the keyboard; the member sees it and the visitor sees "Seen".
  await panel.getByRole("textbox", { name: "Write a message" }).fill("Great, thank you!");
  await panel.getByRole("textbox", { name: "Write a message" }).press("Enter");
  await expect(pane.getByText("Great, thank you!")).toBeVisible();
  await expect(panel.getByText("Seen")).toBeVisible();

  // A reload: the panel opens by itself with the whole conversation, once each.
  await guest.page.reload();
  await expect(panel.getByRole("log").locator("li")).toHaveCount(3);
  await expect(panel.getByRole("log")).toContainText("Do you build ERP integrations?");
  await pane.getByRole("textbox").fill("Anything else?");
  await pane.getByRole("textbox").press("Enter");
  await expect(panel.getByRole("log").locator("li")).toHaveCount(4);
  await expect(panel.getByRole("log").locator("li").last()).toContainText("Anything else?");

  // The conversation is a lead of kind chat, with its transcript on the lead's page.
  await staff.page.goto("/?kind=chat");
  await staff.page.getByRole("link", { name: who }).first().click();
  const transcript = staff.page.getByRole("region", { name: /Conversation/ });
  await expect(transcript.locator("li")).toHaveCount(4);
  await checkScreen(staff.page, info, "desk-chat-lead");

  // Closing the panel: a reload no longer opens it.
  await guest.page.getByRole("button", { name: "Close chat" }).first().click();
  await guest.page.reload();
  await expect(guest.page.locator("html[data-hydrated]")).toBeAttached();
  await expect(guest.page.getByRole("dialog")).toHaveCount(0);
  await staff.context.close();
  await guest.context.close();
});

test("the whole visitor flow works with the keyboard alone", async ({ browser }, info) => {
  test.skip(info.project.name === "mobile", "one keyboard walk is enough");
  const guest = await visitor(browser, info, "/");
  const page = guest.page;
  const button = page.getByRole("button", { name: "Open chat" });
  await button.focus();
  await page.keyboard.press("Enter");
  const panel = page.getByRole("dialog", { name: "Chat with us" });
  await expect(panel.getByRole("button", { name: "Close chat" })).toBeFocused();
  // Tab to the name field, then through the form.
  for (
    let i = 0;
    i < 10 && !(await panel.getByLabel("Your name").evaluate((e) => e === document.activeElement));
    i++
  ) {
    await page.keyboard.press("Tab");
  }
  await expect(panel.getByLabel("Your name")).toBeFocused();
  await page.keyboard.type("Alan Turing");
  await page.keyboard.press("Tab");
  await page.keyboard.type("alan@example.com");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Keyboard only, please.");
  await page.keyboard.press("Tab");
  await expect(panel.getByRole("checkbox")).toBeFocused();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab"); // the privacy notice link
  await page.keyboard.press("Tab");
  await expect(panel.getByRole("button", { name: "Start chat" })).toBeFocused();
  await page.keyboard.press("Enter");
  const composer = panel.getByRole("textbox", { name: "Write a message" });
  await expect(composer).toBeFocused();
  await page.keyboard.type("And a second line");
  await page.keyboard.press("Enter");
  await expect(panel.getByRole("log").locator("li")).toHaveCount(2);
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(button).toBeFocused();
  await guest.context.close();
});

test("a visitor over the message limit reads why, in words", async ({ browser }, info) => {
  test.skip(info.project.name === "mobile", "once is enough");
  const guest = await visitor(browser, info, "/contact");
  await guest.page.route("**/chat/messages", (route) =>
    route.fulfill({
      status: 429,
      contentType: "application/json",
      headers: { "retry-after": "60", "access-control-allow-origin": "*" },
      body: JSON.stringify({ error: "rate_limited", message: "Too many requests. Please try again later." }),
    }),
  );
  await guest.page.getByRole("button", { name: "Open chat" }).click();
  const panel = guest.page.getByRole("dialog", { name: "Chat with us" });
  await panel.getByLabel("Your name").fill("Radia Perlman");
  await panel.getByLabel("Your e-mail").fill("radia@example.com");
  await panel.getByLabel("Your message").fill("Hello");
  await panel.getByRole("checkbox").check();
  await panel.getByRole("button", { name: "Start chat" }).click();
  await panel.getByRole("textbox", { name: "Write a message" }).fill("Too fast?");
  await panel.getByRole("textbox", { name: "Write a message" }).press("Enter");
  await expect(
    panel.getByText("You are sending messages too quickly. Please wait a minute and try again."),
  ).toBeVisible();
  await expect(panel.getByRole("button", { name: "Retry" })).toBeVisible();
  await guest.context.close();
});
