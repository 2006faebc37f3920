import { expect, type Page } from "@playwright/test";
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { databaseUrl, deskUrl, repoRoot } from "./desk-env";
import { addVirtualAuthenticator } from "./passkey";

const run = promisify(execFile);

/** The real leads command (built server bundle) against the run's database. */
async function leadsCommand(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ["apps/server/dist/cli/leads.js", ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, DESK_URL: deskUrl, SMTP_URL: "" },
  });
  return stdout;
}

/** `staff availability EMAIL …`: the member takes consultations around the clock (London's zone). */
export async function availableAroundTheClock(email: string) {
  await leadsCommand(
    "staff",
    "availability",
    email,
    "--zone",
    "Europe/London",
    "--days",
    "mon-sun",
    "--hours",
    "00:00-24:00",
  );
}

/** `staff invite EMAIL --name NAME --json` → the enrolment link. */
export async function invite(email: string, name: string): Promise<{ url: string; expiresAt: string }> {
  return JSON.parse(await leadsCommand("staff", "invite", email, "--name", name, "--json"));
}

/**
 * A new member, enrolled through the page with a virtual authenticator: signed in on the inbox.
 * Returns the member's e-mail and the authenticator.
 */
export async function enrolNewMember(page: Page, name = "Sam Seller") {
  const email = `${name.split(" ")[0]!.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const authenticator = await addVirtualAuthenticator(page);
  const { url } = await invite(email, name);
  await page.goto(url);
  await page.getByRole("button", { name: "Create my passkey" }).click();
  await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();
  return { email, name, authenticator };
}
