// What a feature is to the server: a folder that joins some listeners (roles) with its routes, may
// deliver outbox rows on channels of its own, and may run work of its own in each process. app.ts
// walks the list of features (features.ts) for each role; process.ts gathers their channels and
// their work. A feature reaches the layers below it (records, platform) and nothing beside it.
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Clock } from "../platform/clock";
import type { Config, Role } from "../platform/config/config";
import type { Mailer } from "../platform/mail/mailer";
import type { Database } from "./database";
import type { Channels } from "./outbox/channels";

/** What every feature is handed, in every process. */
export interface Context {
  config: Config;
  /** The database: every role but the site's has one (reading it in the site role throws). */
  database: Database;
  clock: Clock;
  /** Called after a lead or a delivery is committed: wakes this process's outbox worker. */
  onLeadStored?: ((id: string) => void) | undefined;
  /** Called after leads are deleted (an erasure, the purge): live chat ends their streams everywhere. */
  onLeadsErased?: ((ids: readonly string[]) => void) | undefined;
}

/** Work a feature runs in the background of a process: its name (in the logs), and how to stop it. */
export interface Work {
  name: string;
  stop(): Promise<void>;
}

/**
 * A feature. `C` is the context it reads: the common one, and what the wiring gives it besides
 * (a chat bus, a site builder), named by the feature itself.
 */
export interface Feature<C extends Context = Context> {
  /** The listeners it joins. */
  roles: readonly Role[];
  /** Adds its routes and hooks to the app of `context.role`. */
  register: (app: FastifyInstance, context: C & { role: Role }) => Promise<void>;
  /**
   * The outbox channels it delivers on, in a process that delivers (one that takes leads); `mailer`
   * is the process's SMTP transport (SMTP_URL), undefined without one.
   */
  channels?: (context: C & { mailer: Mailer | undefined }) => Channels;
  /** Work of its own, once in every process that holds the database (not once per role). */
  start?: (context: C & { log: FastifyBaseLogger }) => Work;
}
