import pretty from "pino-pretty";
import { buildApp, type Role } from "./app";
import { loadConfig } from "./config";
import { type Database, openDatabase } from "./db/database";
import { createSmtpMailer } from "./leads/mailer";
import { OutboxWorker } from "./leads/outbox-worker";
import { countUnsent } from "./leads/outbox-store";

const config = loadConfig();
const roles: Role[] = config.ROLE === "all" ? ["site", "contact", "quotation"] : [config.ROLE];
const portOf: Record<Role, number> = {
  site: config.PORT,
  contact: config.CONTACT_PORT,
  quotation: config.QUOTATION_PORT,
};
const leadRoles = roles.filter((r) => r !== "site");

// One database and at most one outbox worker per process, shared by the lead roles.
let database: Database | undefined;
let worker: OutboxWorker | undefined;
// Signals are handled before the migrations run. Until shutdown() below is installed, SIGINT/SIGTERM
// end the start-up with exit code 0; migrations in progress roll back (they run in one transaction).
const startup = new AbortController();
let migrating = leadRoles.length > 0;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (process.listenerCount(signal) > 1) return; // shutdown() has taken over
    if (migrating) startup.abort(signal);
    else process.exit(0);
  });
}
if (migrating) {
  database = await openDatabase(config.DATABASE_URL, { signal: startup.signal }).catch((err: unknown) => {
    if (!startup.signal.aborted) throw err;
    console.error(`${String(startup.signal.reason)} during start-up: migrations rolled back, exiting`);
    process.exit(0);
  });
  migrating = false;
}

// A person at a terminal reads pretty lines; pipes, files and log collectors get pino's JSON lines.
const logStream = process.stdout.isTTY
  ? pretty({ sync: true, singleLine: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" })
  : undefined;
const apps = await Promise.all(
  roles.map((role) => buildApp(role, { config, database, logStream, onLeadStored: () => worker?.wake() })),
);
const log = apps[roles.indexOf(leadRoles[0] ?? "site")]!.log;

if (database) {
  log.info(
    { database: database.location, dialect: database.dialect },
    "lead store ready (migrations applied)",
  );
  if (config.SMTP_URL) {
    worker = new OutboxWorker({
      database,
      mailer: createSmtpMailer(config.SMTP_URL, { requireTls: config.SMTP_REQUIRE_TLS }),
      mail: { notifyTo: config.NOTIFY_TO, mailFrom: config.MAIL_FROM },
      logger: log,
    });
    worker.start();
    log.info({ notifyTo: config.NOTIFY_TO }, "outbox worker started");
  } else {
    const waiting = await countUnsent(database.db);
    log.warn(
      { waiting },
      "SMTP_URL is not set: leads are stored but notifications wait in the outbox until SMTP_URL is configured",
    );
  }
}

await Promise.all(apps.map((app, i) => app.listen({ host: config.HOST, port: portOf[roles[i]!] })));

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "shutting down");
  await Promise.allSettled(apps.map((a) => a.close()));
  await worker?.stop();
  await database?.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
