// The leads command's data duties: export and erase by address, purge, audit, backup.
import { createInterface } from "node:readline/promises";
import type { Config } from "../platform/config/config";
import type { Database } from "../records/database";
import { cliActor, listAudit } from "../records/audit";
import { eraseByEmail, exportByEmail, findByEmail, purgeExpired } from "../privacy/data-rights";
import { announceErased } from "../chat/feature";
import { backupSqlite } from "./backup";
import { parseDate, type Values, writeExport } from "./cli-io";
import { asJson, count, table } from "./lead-format";

interface Context {
  database: Database;
  config: Config;
}

async function confirm(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  // Input that ends without an answer (EOF: a script, cron) never settles the question: it is a no.
  const closed = new Promise<string>((resolve) => rl.once("close", () => resolve("")));
  try {
    const answer = await Promise.race([rl.question(question), closed]);
    return /^y(es)?$/i.test(answer.trim());
  } catch {
    return false; // stdin failed without an answer
  } finally {
    rl.close();
  }
}

const walBusy =
  "The SQLite write-ahead log could not be emptied (another process kept reading): earlier copies of " +
  "the erased rows stay in the -wal file until the next erasure, purge or checkpoint empties it.\n";

/** Ends the live chat streams of erased leads on the running servers (through Redis), best effort. */
async function endChatStreams(config: Config, ids: readonly string[]) {
  await announceErased(config, ids).catch((err: Error) =>
    process.stderr.write(
      `The chat streams of the erased leads end on their next heartbeat (${err.message}).\n`,
    ),
  );
}

async function erase({ database, config }: Context, values: Values): Promise<number> {
  const email = values.email!;
  const found = await findByEmail(database.db, email);
  if (found.length === 0) {
    process.stderr.write(`Nothing is stored about ${email.trim()}.\n`);
    return 0;
  }
  process.stderr.write(`${table(found)}\n`);
  const what = `${count(found.length, "lead")} of ${email.trim()}, with their deliveries and idempotency keys`;
  if (!values.yes && !(await confirm(`Erase ${what}? This cannot be undone. Type "yes" to erase: `))) {
    process.stderr.write("Nothing erased.\n");
    return 1;
  }
  const { leadIds, walTruncated } = await eraseByEmail(database, {
    email,
    now: new Date(),
    actor: cliActor(),
  });
  process.stdout.write(`Erased ${count(leadIds.length, "lead")}.\n`);
  await endChatStreams(config, leadIds);
  if (walTruncated === false) process.stderr.write(walBusy);
  return 0;
}

async function purge({ database, config }: Context, values: Values): Promise<number> {
  const r = await purgeExpired(database, {
    retention: config.retention,
    now: new Date(),
    actor: cliActor(),
    dryRun: values["dry-run"] ?? false,
  });
  if (!r.dryRun) await endChatStreams(config, r.leadIds);
  if (values.json) {
    process.stdout.write(asJson(r));
    return 0;
  }
  const verb = r.dryRun ? "Would delete" : "Deleted";
  const { enquiryMonths, spamDays, vitalsDays } = config.retention;
  process.stdout.write(
    `${verb} ${count(r.enquiries, "enquiry", "enquiries")} last active over ${enquiryMonths} months ago, ` +
      `${count(r.spam, "spam lead")} over ${spamDays} days old (with their deliveries and keys), ` +
      `${count(r.idempotencyKeys, "expired idempotency key")}, ` +
      `and the site speed figures of ${count(r.vitals.days, "day")} over ${vitalsDays} days ago ` +
      `(${count(r.vitals.rows, "row")}).\n`,
  );
  for (const id of r.leadIds) process.stdout.write(`  ${id}\n`);
  if (r.walTruncated === false) process.stderr.write(walBusy);
  return 0;
}

async function audit({ database }: Context, values: Values): Promise<number> {
  const rows = await listAudit(database.db, {
    since: values.since === undefined ? undefined : parseDate(values.since).toISOString(),
  });
  if (values.json) {
    process.stdout.write(asJson(rows));
    return 0;
  }
  if (rows.length === 0) {
    process.stdout.write("No audit records.\n");
    return 0;
  }
  for (const r of rows) {
    const detail = Object.entries(r.detail)
      .map(([k, v]) => `${k}=${v}`)
      .join(" ");
    process.stdout.write(
      `${r.at}  ${r.actorType}:${r.actor}  ${r.action}  ${count(r.leadCount, "lead")}${detail ? `  ${detail}` : ""}\n`,
    );
  }
  process.stdout.write(`${count(rows.length, "record")}.\n`);
  return 0;
}

export async function runDataCommand(command: string, values: Values, ctx: Context): Promise<number> {
  switch (command) {
    case "export": {
      const format = values.format as "json" | "csv";
      const leads = await exportByEmail(ctx.database, {
        email: values.email!,
        format,
        now: new Date(),
        actor: cliActor(),
      });
      writeExport(leads, values);
      return 0;
    }
    case "erase":
      return erase(ctx, values);
    case "purge":
      return purge(ctx, values);
    case "audit":
      return audit(ctx, values);
    case "backup": {
      const r = await backupSqlite(ctx.database, values.out!);
      process.stdout.write(
        `Backed up ${count(r.leads, "lead")} to ${r.file} (${r.bytes} bytes, integrity ok).\n`,
      );
      return 0;
    }
    default:
      throw new Error(`unhandled command ${command}`);
  }
}
