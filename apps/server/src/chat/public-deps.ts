// What the visitor's side of live chat (public-routes.ts, public-stream.ts) is given by the app.
import type { ProofOfWork } from "../platform/challenge/proof-of-work";
import type { Clock } from "../platform/clock";
import type { Channel } from "../platform/db/schema";
import type { Database } from "../records/database";
import type { ChatBus } from "./chat-bus";
import type { StreamRegistry } from "./stream-registry";

export interface ChatPublicDeps {
  database: Database;
  clock: Clock;
  bus: ChatBus;
  registry: StreamRegistry;
  allowedOrigins: readonly string[];
  channels: readonly Channel[];
  conversationsPerHour: number;
  messagesPerMinute: number;
  /** The streams' heartbeat, lifetime and grace (streamTimings of SOCKET_TIMEOUT_MS). */
  timings: { heartbeatMs: number; lifetimeMs: number; graceMs: number };
  /** Called after a conversation's lead is committed (wakes the outbox worker). */
  onLeadStored?: ((id: string) => void) | undefined;
  /** Starting a chat requires a solved proof-of-work challenge (403 in words without one). */
  pow: ProofOfWork;
}
