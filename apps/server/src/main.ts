// Starts and stops one process: its configuration, the database, the listeners of its roles (app.ts)
// and its background work (process.ts); on SIGTERM/SIGINT, everything in the reverse order.
import type { FastifyBaseLogger } from "fastify";
import pretty from "pino-pretty";
import { buildApp } from "./app";
import { systemClock } from "./platform/clock";
import { type Config, ConfigError, loadConfig, type Role } from "./platform/config/config";
import { RateLimitBackend } from "./platform/http/rate-limit";
import { createShutdown } from "./platform/shutdown";
import { openShared, startWork } from "./process";
import { type Database, openDatabase } from "./records/database";
import { countUnsent } from "./records/outbox/outbox-store";
import { countMembers } from "./records/staff/staff-store";
import { startupSummary } from "./startup-summary";

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  // What is wrong, and nothing else: a stack trace would only hide it.
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
const roles: Role[] = config.ROLE === "all" ? ["site", "contact", "quotation", "desk"] : [config.ROLE];
const portOf: Record<Role, number> = {
  site: config.PORT,
  contact: config.CONTACT_PORT,
  quotation: config.QUOTATION_PORT,
  desk: config.DESK_PORT,
};
const leadRoles = roles.filter((r) => r === "contact" || r === "quotation");
// Installed before the database is opened (migrations), so a signal during start-up closes what is open.
const shutdown = createShutdown({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS });
shutdown.install();

// One database per process, shared by the lead roles and the desk; at most one outbox worker, run by
// a process that takes leads.
let database: Database | undefined;
let background: ReturnType<typeof startWork> | undefined;
if (roles.some((r) => r !== "site")) {
  // A signal during start-up aborts the migrations (they roll back: one transaction, under a lock
  // that may still be awaited), then closes the database; start-up goes no further.
  const startup = new AbortController();
  const opening = openDatabase(config.DATABASE_URL, { signal: startup.signal });
  shutdown.add("database", async () => {
    startup.abort("shutdown");
    return (await opening.catch(() => undefined))?.close();
  });
  database = await shutdown.unlessStopping(opening);
}

// A person at a terminal reads pretty lines, and a summary once everything listens; pipes, files and
// log collectors get pino's JSON lines and nothing else.
const terminal = process.stdout.isTTY;
const logStream = terminal
  ? pretty({ sync: true, singleLine: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" })
  : undefined;
// What the roles of this process share (live chat's bus). It logs through the first app's logger,
// once that exists.
const sharedLog: { current?: FastifyBaseLogger } = {};
const shared = database
  ? openShared(config, {
      warn: (obj: object, msg: string) => sharedLog.current?.warn(obj, msg),
      info: (msg: string) => sharedLog.current?.info(msg),
    })
  : undefined;
// One rate limit (and one Redis connection) for both lead services of the process.
const rateLimit = leadRoles.length > 0 ? new RateLimitBackend(config) : undefined;
if (rateLimit) shutdown.add("rate limit", async () => rateLimit.close());
const apps = await Promise.all(
  roles.map((role) =>
    buildApp(role, {
      config,
      database,
      logStream,
      rateLimit,
      ...shared?.deps,
      onLeadStored: () => background?.wake(),
    }),
  ),
);
const log = apps[leadRoles.length ? roles.indexOf(leadRoles[0]!) : 0]!.log;
shutdown.useLog(log);
sharedLog.current = log;

let waiting: number | undefined;
if (database) {
  log.info(
    { database: database.location, dialect: database.dialect },
    "lead store ready (migrations applied)",
  );
  background = startWork(
    { config, database, clock: systemClock, log, ...shared?.deps },
    { delivers: leadRoles.length > 0 },
  );
  for (const work of background.work) shutdown.add(work.name, () => work.stop());
  if (leadRoles.length > 0 && !config.SMTP_URL) {
    waiting = await countUnsent(database.db);
    // On a terminal the summary says it.
    if (!terminal) {
      log.warn(
        { waiting },
        "SMTP_URL is not set: leads are stored but notifications wait in the outbox until SMTP_URL is configured",
      );
    }
  }
}

if (shared) shutdown.add(shared.work.name, () => shared.work.stop());
// Closing a server stops accepting, closes idle keep-alive connections and waits for requests in
// flight (a request arriving on a kept-alive connection meanwhile gets 503 and `Connection: close`).
shutdown.add(
  "servers",
  () => Promise.allSettled(apps.map((a) => a.close())),
  () => apps.forEach((a) => a.server.closeAllConnections()),
);
await Promise.all(
  apps.map((app, i) =>
    app.listen({
      host: config.HOST,
      port: portOf[roles[i]!],
      listenTextResolver: (address) => `${roles[i]} listening at ${address}`,
    }),
  ),
);
if (terminal) {
  const members = database && roles.includes("desk") ? await countMembers(database.db) : undefined;
  process.stdout.write(startupSummary({ roles, config, database, members, waiting }));
}
