import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database";
import { type Clock, systemClock } from "./clock";
import { readLeadNotice } from "./lead-notice";
import { buildLeadMail, type Mailer, type MailSettings } from "./mailer";
import { claimDue, markFailed, markSent } from "./outbox-store";

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 5_000, capMs: 15 * 60_000 };

/**
 * Delay before retry n (n = attempts made so far, ≥ 1): exponential, capped, with "equal jitter"
 * (half fixed, half random) so a fleet of failed rows does not retry in lockstep.
 */
export function backoffDelay(attempts: number, policy = DEFAULT_BACKOFF, random = Math.random): number {
  const exp = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
  return Math.round(exp / 2 + random() * (exp / 2));
}

export interface OutboxWorkerOptions {
  database: Database;
  mailer: Mailer;
  mail: MailSettings;
  logger: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  clock?: Clock;
  random?: () => number;
  pollMs?: number;
  batchSize?: number;
  leaseMs?: number;
  backoff?: BackoffPolicy;
}

export interface RunResult {
  sent: number;
  failed: number;
}

/**
 * Sends one notification per outbox row, at least once. State (attempts, next attempt, errors)
 * lives in the outbox table, so retries survive restarts. Polls every `pollMs` and is woken at
 * once by `wake()` after a new lead.
 */
export class OutboxWorker {
  private readonly o: Required<Omit<OutboxWorkerOptions, "clock" | "random" | "backoff">> & {
    clock: Clock;
    random: () => number;
    backoff: BackoffPolicy;
  };
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private again = false;
  private started = false;
  private stopped = false;

  constructor(options: OutboxWorkerOptions) {
    this.o = {
      clock: systemClock,
      random: Math.random,
      pollMs: 2_000,
      batchSize: 20,
      leaseMs: 2 * 60_000,
      backoff: DEFAULT_BACKOFF,
      ...options,
    };
  }

  /** One pass: claims every due row (in batches) and tries to send each. */
  async runOnce(): Promise<RunResult> {
    const { database, mailer, mail, logger, clock } = this.o;
    const result: RunResult = { sent: 0, failed: 0 };
    for (;;) {
      const claims = await claimDue(database.db, clock.now(), {
        limit: this.o.batchSize,
        leaseMs: this.o.leaseMs,
      });
      if (claims.length === 0) return result;
      for (const claim of claims) {
        const lead = await readLeadNotice(database.db, claim.leadId);
        if (!lead) continue;
        const message = buildLeadMail(lead, mail);
        try {
          await mailer.send(message);
          await markSent(database.db, claim, clock.now(), message.messageId);
          result.sent++;
          logger.info({ leadId: lead.id, attempts: claim.attempts + 1 }, "lead notification sent");
        } catch (err) {
          const attempts = claim.attempts + 1;
          const delay = backoffDelay(attempts, this.o.backoff, this.o.random);
          const next = new Date(clock.now().getTime() + delay);
          const reason = errorText(err);
          await markFailed(database.db, claim, clock.now(), next, reason);
          result.failed++;
          logger.warn(
            { leadId: lead.id, attempts, retryInMs: delay, err: reason },
            "lead notification failed; will retry",
          );
        }
      }
      if (this.stopped) return result;
    }
  }

  start() {
    if (this.started) return;
    this.started = true;
    this.schedule(0);
  }

  /** Run now (a lead was just stored) instead of waiting for the next poll. */
  wake() {
    if (!this.started || this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /** Stops polling and waits for the pass in progress; unsent rows stay for the next start. */
  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => {});
    this.o.mailer.close();
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref?.();
  }

  private async tick() {
    if (this.running || this.stopped) return;
    this.again = false;
    this.running = this.runOnce().catch((err: unknown) => {
      this.o.logger.error({ err: errorText(err) }, "outbox pass failed");
    });
    await this.running;
    this.running = undefined;
    this.schedule(this.again ? 0 : this.o.pollMs);
  }
}
