// The copy that was code until issue 32 (privacy notice, consultation page, live chat, navigation) in
// the editor: listed under the company's headings, editable like any other kind, and saved so that the
// site reads it back as it was but for the edit (placeholders, links and the live-chat-only parts kept).
import { expect, type FrameLocator, type Page, test } from "@playwright/test";
import { loadSiteContent } from "@site/content";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { checkScreen } from "./support/axe";
import { enrolNewMember } from "./support/desk";
import { contentDir, deskUrl } from "./support/desk-env";

const editor = (page: Page): FrameLocator => page.frameLocator('iframe[title="Content editor"]');
const file = (name: string) => path.join(contentDir, name);

async function openContent(page: Page, name: string) {
  await enrolNewMember(page, name);
  await page.getByRole("navigation", { name: "Desk" }).getByRole("link", { name: "Content" }).click();
  await expect(editor(page).getByRole("heading", { name: "Dashboard" })).toBeVisible();
}

test("the editor lists pages and lists as staff know them, not as Keystatic does", async ({ page }, info) => {
  test.setTimeout(120_000);
  await openContent(page, "Nadia Navigator");
  const frame = editor(page);
  if (info.project.name === "mobile")
    await frame.getByRole("button", { name: "Open app navigation" }).click();
  const nav = frame.getByRole("navigation").last();
  for (const heading of ["Pages", "Lists", "On every page"])
    await expect(nav.getByText(heading, { exact: true })).toBeVisible();
  await expect(frame.getByText("Singletons")).toHaveCount(0);
  await expect(frame.getByText("Collections")).toHaveCount(0);
  for (const name of ["Privacy notice", "Consultation page", "Menus and footer", "Live chat"])
    await expect(nav.getByRole("link", { name })).toBeVisible();
  await checkScreen(page, info, "content-navigation");

  // A privacy notice section: its parts listed by kind, or by the data use's title.
  await nav.getByRole("link", { name: "Privacy notice" }).click();
  await frame.getByText("What we collect and why", { exact: true }).click();
  const section = frame.getByRole("dialog", { name: "Edit item" });
  for (const part of ["Contact form", "Live chat", "Text"])
    await expect(section.getByText(part, { exact: true }).first()).toBeVisible();
  await checkScreen(page, info, "content-privacy-section");
});

test("a member edits the privacy notice and the menus; the site reads back every other word as it was", async ({
  page,
}, info) => {
  test.skip(info.project.name !== "desktop", "edits the run's content files: once per run");
  test.setTimeout(180_000);
  const originals = Object.fromEntries(
    ["privacy.yaml", "navigation.yaml"].map((f) => [f, readFileSync(file(f), "utf8")]),
  );
  const before = loadSiteContent(contentDir);
  try {
    await openContent(page, "Pat Privacy");
    const frame = editor(page);

    // A data use of the privacy notice: a part of a section, in a dialog within a dialog.
    await frame.getByRole("link", { name: "Privacy notice" }).first().click();
    await frame.getByText("What we collect and why", { exact: true }).click();
    const section = frame.getByRole("dialog", { name: "Edit item" });
    await section.getByText("Quotation form", { exact: true }).click();
    const part = frame.getByRole("dialog", { name: "Edit Data use (a form or a purpose)" });
    const why = part.getByRole("textbox", { name: "Why", exact: true });
    await expect(why).toHaveValue("To prepare a quotation for you and discuss it with you.");
    await why.fill("To prepare your quotation and talk it through with you.");
    await part.getByRole("button", { name: "Done" }).click();
    await section.getByRole("button", { name: "Done" }).click();
    await expect(frame.getByRole("dialog")).toHaveCount(0);
    await frame.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => readFileSync(file("privacy.yaml"), "utf8")).toContain("talk it through with you");

    // The header's button, in the navigation.
    await frame.getByRole("link", { name: "Menus and footer" }).first().click();
    const quote = frame
      .getByRole("group", { name: "Header", exact: true })
      .getByRole("group", { name: "Quote button", exact: true })
      .getByRole("textbox", { name: "Text", exact: true });
    await expect(quote).toHaveValue("Request a Quote");
    await quote.fill("Ask for a Quote");
    await frame.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() => readFileSync(file("navigation.yaml"), "utf8"))
      .toContain("label: Ask for a Quote");

    const status = page.getByRole("region", { name: "Unpublished changes" });
    await expect(status).toContainText("Privacy notice");
    await expect(status).toContainText("Menus and footer");

    // Read back as the site reads it: the two edits, and nothing else changed.
    const after = loadSiteContent(contentDir);
    const edited = structuredClone(before);
    const quotation = edited.privacy.sections[1]!.blocks[2]!;
    if (quotation.kind !== "activity") throw new Error("the quotation form's part is not a data use");
    quotation.purpose = "To prepare your quotation and talk it through with you.";
    edited.navigation.header.quote.label = "Ask for a Quote";
    expect(after).toEqual(edited);
    const saved = readFileSync(file("privacy.yaml"), "utf8");
    expect(saved).toContain("{retention.enquiryMonths} months after our last contact with you.");
    expect(saved).toContain("(mailto:%7Bcompany.email.info%7D?subject=Privacy%20request)");
  } finally {
    for (const [name, text] of Object.entries(originals)) writeFileSync(file(name), text);
  }
  await expect(page.getByRole("heading", { name: "Everything saved is published" })).toBeVisible();

  // The editor's API refuses a placeholder the site only fills in the privacy notice, naming the field.
  const home = readFileSync(file("home.yaml"), "utf8");
  const refused = await page.request.post(`${deskUrl}/api/keystatic/update`, {
    headers: { origin: deskUrl, "no-cors": "1" },
    data: {
      additions: [
        {
          path: "home.yaml",
          contents: Buffer.from(
            home.replace("title: Your Trusted", "title: For {retention.enquiryMonths} months, your trusted"),
          ).toString("base64url"),
        },
      ],
      deletions: [],
    },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain(
    "content/home.yaml › Top of the page › Title: {retention.enquiryMonths} is not something a text can name",
  );
  expect(readFileSync(file("home.yaml"), "utf8")).toBe(home);
});
