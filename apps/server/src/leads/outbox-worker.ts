import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database";
import { type Clock, systemClock } from "./clock";
import { readLeadNotice } from "./lead-notice";
import { buildLeadMail, type Mailer, type MailSettings } from "./mailer";
import { type Claim, claimNext, markFailed, markSent, renewLease } from "./outbox-store";

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
  /**
   * How long a claimed row stays leased (database clock), renewed every third of it while its mail
   * is being sent or recorded. Longer than the SMTP timeouts, so a stalled worker's row is not taken.
   */
  leaseMs?: number;
  backoff?: BackoffPolicy;
  /** Backoff of the retries that record a mail as sent after the SMTP server took it. */
  recordBackoff?: BackoffPolicy;
}

export interface RunResult {
  sent: number;
  failed: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends one notification per outbox row, at least once. State (attempts, next attempt, errors)
 * lives in the outbox table, so retries survive restarts. Polls every `pollMs` and is woken at
 * once by `wake()` after a new lead.
 */
export class OutboxWorker {
  private readonly o: Required<Omit<OutboxWorkerOptions, "clock" | "random">> & {
    clock: Clock;
    random: () => number;
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
      leaseMs: 2 * 60_000,
      backoff: DEFAULT_BACKOFF,
      recordBackoff: { baseMs: 200, capMs: 10_000 },
      ...options,
    };
  }

  /** One pass: claims each due row just before sending it, until none is due (or the worker stops). */
  async runOnce(): Promise<RunResult> {
    const result: RunResult = { sent: 0, failed: 0 };
    while (!this.stopped) {
      const claim = await claimNext(this.o.database, { now: this.o.clock.now(), leaseMs: this.o.leaseMs });
      if (!claim) break;
      const releaseLease = this.keepLease(claim);
      try {
        const outcome = await this.deliver(claim);
        if (outcome) result[outcome]++;
      } finally {
        releaseLease();
      }
    }
    return result;
  }

  /** Sends one claimed row's mail and records the outcome. */
  private async deliver(claim: Claim): Promise<keyof RunResult | undefined> {
    const { database, mailer, mail, logger, clock } = this.o;
    const lead = await readLeadNotice(database.db, claim.leadId);
    if (!lead) return undefined; // deleted meanwhile (its outbox row goes with it)
    const message = buildLeadMail(lead, mail);
    try {
      await mailer.send(message);
    } catch (err) {
      const attempts = claim.attempts + 1;
      const delay = backoffDelay(attempts, this.o.backoff, this.o.random);
      const reason = errorText(err);
      await markFailed(database, claim, clock.now(), new Date(clock.now().getTime() + delay), reason);
      logger.warn(
        { leadId: lead.id, attempts, retryInMs: delay, err: reason },
        "lead notification failed; will retry",
      );
      return "failed";
    }
    await this.recordSent(claim, message.messageId);
    logger.info({ leadId: lead.id, attempts: claim.attempts + 1 }, "lead notification sent");
    return "sent";
  }

  /**
   * The SMTP server took the mail: record it, retrying with backoff while the lease is kept, so a
   * failed write never makes the mail go out again. Gives up only when the worker stops.
   */
  private async recordSent(claim: Claim, messageId: string) {
    for (let attempt = 1; ; attempt++) {
      try {
        if (!(await markSent(this.o.database, claim, this.o.clock.now(), messageId))) {
          this.o.logger.warn({ leadId: claim.leadId }, "lead notification sent, but its lease was lost");
        }
        return;
      } catch (err) {
        if (this.stopped) {
          this.o.logger.error(
            { leadId: claim.leadId, err: errorText(err) },
            "lead notification sent but not recorded before stopping; it will be sent again",
          );
          return;
        }
        const delay = backoffDelay(attempt, this.o.recordBackoff, this.o.random);
        this.o.logger.warn(
          { leadId: claim.leadId, attempt, retryInMs: delay, err: errorText(err) },
          "lead notification sent but not yet recorded; retrying",
        );
        await sleep(delay);
      }
    }
  }

  /** Renews the claim's lease every third of its length until the returned function is called. */
  private keepLease(claim: Claim): () => void {
    const { database, leaseMs, logger } = this.o;
    let kept = true;
    const timer = setInterval(() => {
      renewLease(database, claim, leaseMs).then(
        (held) => held || !kept || logger.warn({ leadId: claim.leadId }, "outbox lease lost while sending"),
        (err: unknown) =>
          logger.warn({ leadId: claim.leadId, err: errorText(err) }, "outbox lease not renewed"),
      );
    }, leaseMs / 3);
    timer.unref();
    return () => {
      kept = false;
      clearInterval(timer);
    };
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
