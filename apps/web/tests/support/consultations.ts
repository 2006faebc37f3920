// The e2e database needs a member who takes consultations: one, invited and given every hour of every
// day with the real leads command, so a booking test does not depend on the time of day it runs.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { e2eDatabaseUrl, repoRoot } from "./e2e-env";

const run = promisify(execFile);

const leads = (...args: string[]) =>
  run("npm", ["run", "leads", "--", ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: e2eDatabaseUrl, SMTP_URL: "" },
  });

/** A member (e-mail `email`) who takes consultations around the clock, in London's zone. */
export async function consultingMember(email = "consultant-e2e@example.com") {
  await leads("staff", "invite", email, "--name", "Casey Consultant", "--json");
  await leads(
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
  return email;
}
