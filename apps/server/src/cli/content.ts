// `npm run content -- history | publish | restore COMMIT`: what the desk's Content screen does, from a
// shell. publish and restore build the site in this process and wait until it is live (or failed).
// Data goes to stdout (with --json, ONLY JSON); progress and errors go to stderr.
import type { PublishRecord } from "@site/content/desk-api";
import { hostname } from "node:os";
import { parseArgs } from "node:util";
import { systemClock } from "../platform/clock";
import { loadConfig } from "../platform/config/config";
import { contentService } from "../publishing/service";
import { type Actor, PublishRefused, type Publisher } from "../publishing/publisher";
import { openDatabase } from "../records/database";
import { activeStaff } from "../records/staff/staff-store";
import { cliActor } from "../records/audit";
import { runCommand, UsageError } from "./cli-io";

const USAGE = `Usage: npm run content -- <command> [options]

Commands:
  history [--json]
        Every publish and restore, newest first: when, by whom, what changed, and its state
        (live, was live, failed and why, building, waiting).
  publish [--as EMAIL] [--json]
        Publish what was saved in content/: a git commit authored by the desk member EMAIL (else by
        you, the shell's user), an audit row, then the site is built and made live. Waits for it.
  restore COMMIT [--as EMAIL] [--json]
        Make an earlier version of the content (a commit id from history) live again, the same way.
  help  Show this text.

The content is CONTENT_DIR (default <repo>/content), the builds go to SITE_RELEASES_DIR (default
<repo>/data/site-releases); the site serves SITE_RELEASES_DIR/live once something is published.
Build with the variables of your usual build (SITE_URL, VITE_CONTACT_API_URL, VITE_QUOTATION_API_URL).
Exit status: 0 live, 1 failed or refused, 2 usage.`;

const STATUS: Record<PublishRecord["status"], string> = {
  queued: "waiting to build",
  building: "building",
  live: "LIVE",
  failed: "failed",
  superseded: "built with the next",
  replaced: "was live",
};

function line(p: PublishRecord): string {
  const what =
    p.message
      .split("\n")
      .find((l) => l.startsWith("- "))
      ?.slice(2) ?? p.files.join(", ");
  return `${p.createdAt.slice(0, 16).replace("T", " ")}  ${p.commit.slice(0, 10)}  ${STATUS[p.status].padEnd(19)}  ${p.kind === "restore" ? "restored" : "published"} by ${p.author.name} <${p.author.email}>: ${what}`;
}

function failure(p: PublishRecord): string {
  const e = p.error;
  if (!e) return "";
  const issues = (e.issues ?? []).map(
    (i) => `  content/${i.file}${i.field ? ` › ${i.field}` : ""}: ${i.message}`,
  );
  return [e.message, ...issues, ...(e.log ? ["The build's last lines:", e.log] : [])].join("\n");
}

async function actorFrom(
  as: string | undefined,
  staff: () => Promise<{ id: string; email: string; name: string }[]>,
): Promise<Actor> {
  const audit = cliActor();
  if (as) {
    const member = (await staff()).find((m) => m.email.toLowerCase() === as.trim().toLowerCase());
    if (!member)
      throw new UsageError(`--as ${as}: no desk member has this e-mail (npm run leads -- staff list)`);
    return { staffId: member.id, name: member.name, email: member.email, audit };
  }
  return { staffId: null, name: audit.actor, email: `${audit.actor}@${hostname()}`, audit };
}

/** Waits for the publish to be live or failed, telling stderr every 10 s how the build goes. */
async function follow(publisher: Publisher, id: string, started: number): Promise<PublishRecord> {
  let report = started + 10_000;
  for (;;) {
    const p = (await publisher.state()).history.find((h) => h.id === id);
    if (!p) throw new Error(`publish ${id} vanished`);
    if (p.status === "live" || p.status === "failed") return p;
    if (Date.now() >= report) {
      process.stderr.write(`${STATUS[p.status]}… ${Math.round((Date.now() - started) / 1000)} s\n`);
      report += 10_000;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || ["help", "--help", "-h"].includes(command)) {
    (command ? process.stdout : process.stderr).write(`${USAGE}\n`);
    return command ? 0 : 2;
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      options: { json: { type: "boolean" }, as: { type: "string" } },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  if (!["history", "publish", "restore"].includes(command))
    throw new UsageError(`Unknown command: ${command}`);
  if (command === "restore" ? positionals.length !== 1 : positionals.length !== 0) {
    throw new UsageError(
      command === "restore" ? "restore needs exactly one COMMIT" : `Unexpected argument: ${positionals[0]}`,
    );
  }
  if (command === "history" && values.as) throw new UsageError("history does not take --as");

  const config = loadConfig();
  const database = await openDatabase(config.DATABASE_URL);
  const log = {
    info: () => {},
    error: (obj: unknown, msg?: string) => process.stderr.write(`${msg ?? ""} ${JSON.stringify(obj)}\n`),
  };
  const { publisher, worker } = contentService({ config, database, clock: systemClock, log });
  try {
    if (command === "history") {
      const state = await publisher.state();
      if (values.json) process.stdout.write(`${JSON.stringify(state.history, null, 2)}\n`);
      else if (!state.history.length) process.stdout.write("Nothing has been published yet.\n");
      else {
        process.stdout.write(`${state.history.map(line).join("\n")}\n`);
        if (state.origin)
          process.stdout.write(
            `before the first publish: ${state.origin.commit.slice(0, 10)} (${state.origin.committedAt})\n`,
          );
      }
      return 0;
    }
    const actor = await actorFrom(values.as, () => activeStaff(database.db));
    const started = Date.now();
    let queued: PublishRecord;
    try {
      queued =
        command === "publish"
          ? await publisher.publish(actor)
          : await publisher.restore(actor, positionals[0]!);
    } catch (err) {
      if (!(err instanceof PublishRefused)) throw err;
      process.stderr.write(`content: ${err.message}\n`);
      return 1;
    }
    process.stderr.write(`Committed ${queued.commit.slice(0, 10)}; building the site…\n`);
    const done = await follow(publisher, queued.id, started);
    await publisher.settled();
    if (values.json) process.stdout.write(`${JSON.stringify(done, null, 2)}\n`);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (done.status === "live") {
      process.stderr.write(`Live in ${seconds} s: ${line(done)}\n`);
      if (done.pushError) process.stderr.write(`Not pushed to CONTENT_GIT_REMOTE: ${done.pushError}\n`);
      return 0;
    }
    process.stderr.write(`Not live (${seconds} s); the site stays as it was.\n${failure(done)}\n`);
    return 1;
  } finally {
    await worker.stop();
    await database.close();
  }
}

runCommand("content", USAGE, () => main(process.argv.slice(2)));
