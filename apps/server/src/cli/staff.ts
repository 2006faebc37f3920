// `npm run leads -- staff invite|list|remove`: the members of the lead desk.
import { parseArgs } from "node:util";
import { loadConfig } from "../platform/config/config";
import { openDatabase } from "../records/database";
import { buildInviteMail } from "../desk/invite-mail";
import { inviteStaff, listStaff, removeStaff, StaffError } from "../records/staff/staff-store";
import { createSmtpMailer } from "../platform/mail/mailer";
import { UsageError } from "./cli-io";
import { cliActor } from "../records/audit";
import { AVAILABILITY_USAGE, setAvailability } from "./staff-availability";

export const STAFF_USAGE = `  staff invite EMAIL [--name NAME] [--json]
        Invite a member to the desk: prints a single-use enrolment link, valid 24 h (e-mailed to them
        too when SMTP_URL is set). --json prints only {"url": …, "expiresAt": …}.
  staff list [--json]
        Current members: e-mail, name, passkeys, last sign-in.
  staff remove EMAIL
        Remove a member: their sessions end at once and their passkeys stop working.
${AVAILABILITY_USAGE}`;

export async function runStaff(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      options: {
        name: { type: "string" },
        json: { type: "boolean" },
        zone: { type: "string" },
        days: { type: "string" },
        hours: { type: "string" },
        off: { type: "boolean" },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  const takes: Record<string, { args: number; options: string[] }> = {
    invite: { args: 1, options: ["name", "json"] },
    list: { args: 0, options: ["json"] },
    remove: { args: 1, options: [] },
    availability: { args: 1, options: ["zone", "days", "hours", "off"] },
  };
  const spec = sub ? takes[sub] : undefined;
  if (!sub || !spec)
    throw new UsageError(`staff needs invite, list, remove or availability${sub ? `, got ${sub}` : ""}`);
  for (const k of Object.keys(values))
    if (!spec.options.includes(k)) throw new UsageError(`staff ${sub} does not take --${k}`);
  if (positionals.length !== spec.args) {
    throw new UsageError(
      spec.args ? `staff ${sub} needs one EMAIL` : `Unexpected argument: ${positionals[0]}`,
    );
  }

  const config = loadConfig();
  const database = await openDatabase(config.DATABASE_URL);
  const actor = cliActor();
  try {
    if (sub === "invite") {
      const { staff, token, expiresAt } = await inviteStaff(
        database.db,
        { email: positionals[0]!, name: values.name },
        new Date(),
        actor,
      );
      const url = `${config.DESK_URL}/enrol#token=${token}`;
      if (values.json) process.stdout.write(`${JSON.stringify({ url, expiresAt })}\n`);
      else
        process.stdout.write(
          `Enrolment link for ${staff.email} (single use, valid until ${expiresAt}):\n${url}\n`,
        );
      if (config.SMTP_URL) {
        const mailer = createSmtpMailer(config.SMTP_URL);
        try {
          await mailer.send(buildInviteMail(staff, { url, expiresAt }, { mailFrom: config.MAIL_FROM }));
          process.stderr.write(`E-mailed the link to ${staff.email}.\n`);
        } finally {
          mailer.close();
        }
      }
      return 0;
    }
    if (sub === "availability") {
      process.stdout.write(await setAvailability(database.db, positionals[0]!, values, actor));
      return 0;
    }
    if (sub === "list") {
      const staff = await listStaff(database.db);
      if (values.json) process.stdout.write(`${JSON.stringify(staff, null, 2)}\n`);
      else if (staff.length === 0)
        process.stdout.write("No members. Invite one: npm run leads -- staff invite EMAIL\n");
      else {
        const rows = staff.map((s) => [s.email, s.name, String(s.passkeys), s.lastSignInAt ?? "never"]);
        const all = [["EMAIL", "NAME", "PASSKEYS", "LAST SIGN-IN"], ...rows];
        const widths = all[0]!.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
        for (const r of all)
          process.stdout.write(
            `${r
              .map((c, i) => c.padEnd(widths[i]!))
              .join("  ")
              .trimEnd()}\n`,
          );
      }
      return 0;
    }
    if (!(await removeStaff(database.db, positionals[0]!, new Date(), actor))) {
      process.stderr.write(`No current member with the e-mail ${positionals[0]}.\n`);
      return 1;
    }
    process.stdout.write(
      `Removed ${positionals[0]}: their sessions have ended and their passkeys no longer work.\n`,
    );
    return 0;
  } catch (err) {
    if (err instanceof StaffError) throw new UsageError(err.message);
    throw err;
  } finally {
    await database.close();
  }
}
