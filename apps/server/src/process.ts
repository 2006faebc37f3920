// What one process runs beside its listeners: what its roles share (live chat's bus), the outbox
// worker with every channel (the records' own, then each feature's from the list), and each feature's
// background work. main.ts calls these and knows no feature.
import type { FastifyBaseLogger } from "fastify";
import { chatStreamsEnder, createChatBus } from "./chat/feature";
import type { BusLogger } from "./chat/chat-bus";
import { type AppContext, FEATURES } from "./features";
import type { Config } from "./platform/config/config";
import { createSmtpMailer } from "./platform/mail/mailer";
import type { Work } from "./records/feature";
import { type Channels, recordChannels } from "./records/outbox/channels";
import { OutboxWorker } from "./records/outbox/outbox-worker";

/** What the roles of a process that holds the database share, made once and handed to each app. */
export function openShared(
  config: Config,
  log: BusLogger,
): { deps: Pick<AppContext, "chatBus" | "onLeadsErased">; work: Work } {
  // Live chat: one bus for the contact service's visitors and the desk of this process; an erased
  // lead's chat streams end through it, on every instance.
  const chatBus = config.LIVE_CHAT === "on" ? createChatBus(config, log) : undefined;
  return {
    deps: { chatBus, onLeadsErased: chatBus && chatStreamsEnder(chatBus) },
    work: { name: "chat bus", stop: async () => chatBus?.close() },
  };
}

/**
 * The outbox channels this process can deliver: the records' own (e-mail and the autoreply with
 * SMTP_URL, the webhook with WEBHOOK_URL), then each feature's. Rows of a channel without a sender
 * here wait.
 */
export function deliveryChannels(context: AppContext): Channels {
  const { config } = context;
  const mailer = config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, { requireTls: config.SMTP_REQUIRE_TLS })
    : undefined;
  let channels = recordChannels(config, context.database.db, mailer);
  for (const feature of FEATURES) {
    if (feature.channels) channels = { ...channels, ...feature.channels({ ...context, mailer }) };
  }
  return channels;
}

/**
 * Starts the background work of a process that holds the database: each feature's, and, where the
 * process takes leads (`delivers`), the outbox worker. The desk alone delivers nothing.
 */
export function startWork(
  context: AppContext & { log: FastifyBaseLogger },
  opts: { delivers: boolean },
): { wake(): void; work: Work[] } {
  const work = FEATURES.flatMap((feature) => (feature.start ? [feature.start(context)] : []));
  const channels = opts.delivers ? deliveryChannels(context) : {};
  if (Object.keys(channels).length === 0) return { wake: () => {}, work };
  const { config, database, log } = context;
  const worker = new OutboxWorker({ database, channels, logger: log, leaseMs: config.OUTBOX_LEASE_MS });
  worker.start();
  log.info({ channels: Object.keys(channels), notifyTo: config.NOTIFY_TO }, "outbox worker started");
  return { wake: () => worker.wake(), work: [...work, { name: "outbox worker", stop: () => worker.stop() }] };
}
