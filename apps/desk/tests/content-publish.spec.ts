// Content the company edits itself (issue 25), through the real parts: a member signs in with a
// passkey, edits jobs in the editor (Keystatic, framed by the Content screen), publishes, and the
// site the run serves (ROLE=all: SITE_RELEASES_DIR/live) changes after a real `react-router build`.
import { expect, type FrameLocator, type Page, test } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { enrolNewMember } from "./support/desk";
import { contentCheckout, contentDir, deskUrl, siteUrl } from "./support/desk-env";

const editor = (page: Page): FrameLocator => page.frameLocator('iframe[title="Content editor"]');
const jobsFile = path.join(contentDir, "jobs.yaml");
const git = (...args: string[]) => execFileSync("git", args, { cwd: contentCheckout, encoding: "utf8" });

/** A page of the live site, as a search engine gets it: the prerendered HTML, no script run. */
async function sitePage(page: Page, route: string) {
  const res = await page.request.get(`${siteUrl}${route}`);
  return { status: res.status(), html: await res.text() };
}

/** Fills one item's dialog: each text field by its label, the rich text, and one entry per list. */
async function fillOpening(
  frame: FrameLocator,
  fields: Record<string, string>,
  lists: Record<string, [string, string]>,
) {
  const dialog = frame.getByRole("dialog", { name: "Add item" });
  for (const [label, value] of Object.entries(fields))
    await dialog.getByRole("textbox", { name: label, exact: true }).fill(value);
  await dialog.locator('[contenteditable="true"]').click();
  await dialog
    .locator('[contenteditable="true"]')
    .pressSequentially("You will test web and mobile applications before every release.");
  for (const [group, [field, value]] of Object.entries(lists)) {
    await dialog.getByRole("group", { name: group }).getByRole("button", { name: "Add" }).click();
    const inner = frame.getByRole("dialog", { name: "Add item" }).last();
    await inner.getByRole("textbox", { name: field, exact: true }).fill(value);
    await inner.getByRole("button", { name: "Add", exact: true }).click();
    await expect(frame.getByRole("dialog", { name: "Add item" })).toHaveCount(1);
  }
}

test("a member edits, publishes, sees a broken build refused and restores the old content", async ({
  page,
}) => {
  test.setTimeout(10 * 60_000);
  const member = await enrolNewMember(page, "Casey Content");
  await page.getByRole("navigation", { name: "Desk" }).getByRole("link", { name: "Content" }).click();
  await expect(page.getByRole("heading", { name: "Content", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Everything saved is published" })).toBeVisible();
  const frame = editor(page);

  // Rename the Software Engineer Intern opening.
  await frame.getByRole("link", { name: "Jobs" }).first().click();
  await frame.getByText("Software Engineer Intern", { exact: true }).click();
  const item = frame.getByRole("dialog", { name: "Edit item" });
  await item.getByRole("textbox", { name: "Title", exact: true }).fill("Graduate Software Engineer");
  await item.getByRole("button", { name: "Done" }).click();
  await expect(item).toBeHidden();

  // Add a QA Engineer Intern opening; an empty required field is refused in the form first.
  const before = readFileSync(jobsFile, "utf8");
  await frame.getByRole("button", { name: "Add", exact: true }).first().click();
  const add = frame.getByRole("dialog", { name: "Add item" });
  await add.getByRole("button", { name: "Add", exact: true }).last().click();
  await expect(add.getByText("Title must not be empty")).toBeVisible();
  expect(readFileSync(jobsFile, "utf8")).toBe(before);
  await fillOpening(
    frame,
    {
      Address: "qa-engineer-intern",
      Title: "QA Engineer Intern",
      Summary: "Test web and mobile applications with our delivery teams.",
      Team: "Quality",
      "Date posted": "2026-11-20",
      Office: "Colombo",
      "Working arrangement": "Hybrid (office and remote)",
    },
    {
      Responsibilities: ["Responsibility", "Write and run test plans for client releases"],
      Requirements: ["Requirement", "An eye for detail and clear written English"],
      "What you'll learn": ["Item", "Test automation in a professional team"],
    },
  );
  await add.getByRole("button", { name: "Add", exact: true }).last().click();
  await expect(add).toBeHidden();
  await frame.getByRole("button", { name: "Save" }).click();
  await expect.poll(() => readFileSync(jobsFile, "utf8")).toContain("title: QA Engineer Intern");
  expect(readFileSync(jobsFile, "utf8")).toContain("title: Graduate Software Engineer");
  await expect(frame.getByText("Unsaved")).toBeHidden();

  // The editor's API refuses an empty required field too, naming the file and the field.
  const refused = await page.request.post(`${deskUrl}/api/keystatic/update`, {
    headers: { origin: deskUrl, "no-cors": "1" },
    data: {
      additions: [
        {
          path: "jobs.yaml",
          contents: Buffer.from(before.replace("title: UI/UX Designer Intern", "title: ''")).toString(
            "base64url",
          ),
        },
      ],
      deletions: [],
    },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain("content/jobs.yaml › Openings › item 2 › Title: Title is required");

  // Publish: within 3 minutes the live site has both openings, the new one prerendered with its JobPosting.
  const status = page.getByRole("region", { name: "Unpublished changes" });
  await expect(status).toContainText("Jobs");
  const publishedAt = Date.now();
  await status.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText(/Building the site for the publish by Casey Content/)).toBeVisible();
  await expect(page.getByText(/Live: published by Casey Content/)).toBeVisible({ timeout: 180_000 });
  // The site follows the live link within SITE_BUILD_POLL_MS and the time to read the build.
  await expect
    .poll(async () => (await sitePage(page, "/careers")).html, {
      timeout: 180_000 - (Date.now() - publishedAt),
    })
    .toContain("QA Engineer Intern");
  console.log(`publish → live page: ${((Date.now() - publishedAt) / 1000).toFixed(1)} s`);
  const careers = await sitePage(page, "/careers");
  expect(careers.html).toContain("Graduate Software Engineer");
  expect(careers.html).toContain("QA Engineer Intern");
  const qa = await sitePage(page, "/careers/qa-engineer-intern");
  expect(qa.status).toBe(200);
  expect(qa.html).toMatch(/<h1[^>]*>QA Engineer Intern<\/h1>/);
  expect(qa.html).toMatch(/"@type":"JobPosting","title":"QA Engineer Intern"/);
  expect((await sitePage(page, "/sitemap.xml")).html).toContain("/careers/qa-engineer-intern</loc>");
  expect(
    git("log", "--format=%an <%ae>")
      .split("\n")
      .filter((l) => l.includes(member.email)),
  ).toEqual([`Casey Content <${member.email}>`]);

  // A build broken on purpose (a file edited by hand, past the editor) leaves the live site as it
  // was, and the desk says why, with the file and the field.
  const live = readFileSync(jobsFile, "utf8");
  writeFileSync(jobsFile, live.replace("title: Graduate Software Engineer", "title: ''"));
  await expect(status).toContainText("Jobs");
  await status.getByRole("button", { name: "Publish" }).click();
  const failure = page.getByRole("alert");
  await expect(failure).toContainText("is not live: the site stays as it was", { timeout: 60_000 });
  await expect(failure).toContainText("content/jobs.yaml › Openings › item 1 › Title: Title is required");
  expect((await sitePage(page, "/careers")).html).toContain("Graduate Software Engineer");

  // Put the file back, then restore the content as it was before the first publish.
  writeFileSync(jobsFile, live);
  await expect(page.getByRole("heading", { name: "Everything saved is published" })).toBeVisible();
  const history = page.getByRole("region", { name: "History" });
  await history.getByRole("button", { name: "Restore the content before the first publish" }).click();
  const dialog = page.getByRole("dialog", { name: "Restore this version?" });
  await dialog.getByRole("button", { name: "Restore" }).click();
  await expect(page.getByText(/Live: restored by Casey Content/)).toBeVisible({ timeout: 180_000 });
  await expect
    .poll(async () => (await sitePage(page, "/careers")).html, { timeout: 30_000 })
    .not.toContain("QA Engineer Intern");
  const restored = await sitePage(page, "/careers");
  expect(restored.html).toContain("Software Engineer Intern");
  expect(restored.html).not.toContain("QA Engineer Intern");
  expect((await sitePage(page, "/careers/qa-engineer-intern")).status).toBe(404);
  await expect(history.getByRole("listitem").first()).toContainText("Restored by Casey Content");
});
