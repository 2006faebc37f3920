// The e2e database needs a member who takes consultations: one, invited and given every hour of every
// day with the real leads command, so a booking test does not depend on the time of day it runs.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { e2eDatabaseUrl, repoRoot, smtpSinkUrl } from "./e2e-env";
import type { SinkMessage } from "./smtp-sink";

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

/** A mail's text as a reader sees it: quoted-printable decoded (links hold `=`). */
export const readableMail = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
    "latin1",
  ).toString("utf8");

/**
 * Lets a pending booking's hold run out now, as 15 minutes would: its end moved to the past in the
 * e2e database (the service reads the hold's end on every confirmation; no clock to move in a run).
 */
export async function lapseHold(leadId: string) {
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(e2eDatabaseUrl.replace(/^sqlite:/, ""));
  try {
    const past = new Date(Date.now() - 60_000).toISOString();
    db.prepare("UPDATE consultations SET hold_until = ? WHERE lead_id = ? AND status = 'pending'").run(
      past,
      leadId,
    );
  } finally {
    db.close();
  }
}

/** The confirmation link of the first mail the SMTP peer received for `email`, when there is one. */
export async function confirmLinkTo(email: string): Promise<string | undefined> {
  const mails = (await (await fetch(`${smtpSinkUrl}/messages`)).json()) as SinkMessage[];
  return mails
    .filter((m) => m.envelope.to.includes(email))
    .map((m) => /(https?:\/\/\S+#confirm=[\w.-]+)/.exec(readableMail(m.raw))?.[1])
    .find(Boolean);
}
