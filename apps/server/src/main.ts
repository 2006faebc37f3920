import pretty from "pino-pretty";
import { buildApp, type Role } from "./app";
import { loadConfig } from "./config";
import { type Database, openDatabase } from "./db/database";
import { createSmtpMailer } from "./leads/mailer";
import { OutboxWorker } from "./leads/outbox-worker";
import { countUnsent } from "./leads/outbox-store";

const config = loadConfig();
const roles: Role[] = config.ROLE === "all" ? ["site", "contact", "quotation", "desk"] : [config.ROLE];
const portOf: Record<Role, number> = {
  site: config.PORT,
  contact: config.CONTACT_PORT,
  quotation: config.QUOTATION_PORT,
  desk: config.DESK_PORT,
};
const leadRoles = roles.filter((r) => r === "contact" || r === "quotation");

// One database per process, shared by the lead roles and the desk; at most one outbox worker, run by
// a process that takes leads.
let database: Database | undefined;
let worker: OutboxWorker | undefined;
if (roles.some((r) => r !== "site")) database = await openDatabase(config.DATABASE_URL);

// A person at a terminal reads pretty lines; pipes, files and log collectors get pino's JSON lines.
const logStream = process.stdout.isTTY
  ? pretty({ sync: true, singleLine: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" })
  : undefined;
const apps = await Promise.all(
  roles.map((role) => buildApp(role, { config, database, logStream, onLeadStored: () => worker?.wake() })),
);
const log = apps[leadRoles.length ? roles.indexOf(leadRoles[0]!) : 0]!.log;

if (database) {
  log.info(
    { database: database.location, dialect: database.dialect },
    "lead store ready (migrations applied)",
  );
  if (leadRoles.length === 0) {
    // The desk alone sends nothing: the lead services' workers deliver.
  } else if (config.SMTP_URL) {
    worker = new OutboxWorker({
      database,
      mailer: createSmtpMailer(config.SMTP_URL),
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
