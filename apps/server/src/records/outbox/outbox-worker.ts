import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../database";
import { type Clock, systemClock } from "../../platform/clock";
import type { Channel } from "../../platform/db/schema";
import { type DeliveryChannel, DeliveryRefused } from "./delivery-channel";
import { readLeadNotice } from "./lead-notice";
import { type Claim, claimNext, giveUpExpired, markFailed, markSent, renewLease } from "./outbox-store";

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 5_000, capMs: 15 * 60_000 };

/**
 * The next attempt after a peer asked to wait `retryAfterMs` (a Retry-After), within the schedule's
 * bounds: never sooner than the schedule's own delay, never later than its cap. `hold` is how long
 * every delivery of the channel waits: what the peer asked for, up to the cap.
 */
function retryAfterDelay(retryAfterMs: number, scheduled: number, policy = DEFAULT_BACKOFF) {
  return {
    next: Math.min(policy.capMs, Math.max(scheduled, retryAfterMs)),
    hold: Math.min(policy.capMs, retryAfterMs),
  };
}

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
  /** The channels this worker delivers; rows of the others wait for a worker that has them. */
  channels: Partial<Record<Channel, DeliveryChannel>>;
  logger: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  clock?: Clock;
  random?: () => number;
  pollMs?: number;
  /**
   * How long a claimed row stays leased (database clock), renewed every third of it while its mail
   * is being delivered or recorded. Longer than the SMTP and webhook timeouts, so a stalled worker's row is not taken.
   */
  leaseMs?: number;
  backoff?: BackoffPolicy;
  /** Backoff of the retries that record a delivery after its peer took it. */
  recordBackoff?: BackoffPolicy;
}

export interface RunResult {
  sent: number;
  failed: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Delivers each outbox row (one per lead and channel) at least once, each channel on its own
 * schedule: a webhook outage never delays or repeats the e-mail. State (attempts, next attempt, errors)
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

  /**
   * One pass: gives up expired deliveries, then each channel claims its due rows one by one just
   * before delivering them, until none is due (or the worker stops). The channels run side by side,
   * so a slow webhook never holds up the e-mail.
   */
  async runOnce(): Promise<RunResult> {
    const result: RunResult = { sent: 0, failed: 0 };
    const expired = await giveUpExpired(this.o.database, this.o.clock.now());
    if (expired > 0) this.o.logger.error({ deliveries: expired }, "deliveries given up after 7 days unsent");
    await Promise.all(
      (Object.keys(this.o.channels) as Channel[]).map(async (channel) => {
        // A peer that asked for no more (410 Gone) or to wait (Retry-After) gets nothing this pass.
        const deliverer = this.o.channels[channel]!;
        if (deliverer.accepts && !(await deliverer.accepts(this.o.clock.now()))) return;
        while (!this.stopped) {
          const claim = await claimNext(this.o.database, {
            now: this.o.clock.now(),
            leaseMs: this.o.leaseMs,
            channel,
          });
          if (!claim) break;
          const releaseLease = this.keepLease(claim);
          let outcome;
          try {
            outcome = await this.deliver(claim);
          } finally {
            releaseLease();
          }
          if (outcome === "refused") {
            result.failed++;
            break;
          }
          if (outcome) result[outcome]++;
        }
      }),
    );
    return result;
  }

  /** Delivers one claimed row on its channel and records the outcome ("refused": the peer said stop). */
  private async deliver(claim: Claim): Promise<keyof RunResult | "refused" | undefined> {
    const { database, logger, clock } = this.o;
    const channel = this.o.channels[claim.channel]!;
    const lead = await readLeadNotice(database.db, claim.leadId);
    if (!lead) return undefined; // deleted meanwhile (its outbox rows go with it)
    const where = { leadId: lead.id, channel: claim.channel };
    let deliveryId: string;
    try {
      deliveryId = await channel.deliver(lead);
    } catch (err) {
      const attempts = claim.attempts + 1;
      const now = clock.now();
      let delay = backoffDelay(attempts, this.o.backoff, this.o.random);
      const reason = errorText(err);
      const refusal = err instanceof DeliveryRefused ? err.refusal : undefined;
      let until: Date | undefined;
      if (refusal && "retryAfterMs" in refusal) {
        const wait = retryAfterDelay(refusal.retryAfterMs, delay, this.o.backoff);
        delay = wait.next;
        until = new Date(now.getTime() + wait.hold);
      }
      await markFailed(database, claim, now, new Date(now.getTime() + delay), reason);
      if (refusal) {
        await channel.refused?.(refusal, now, until);
        logger.warn(
          { ...where, attempts, retryInMs: delay, err: reason },
          "lead delivery refused by its peer",
        );
        return "refused";
      }
      logger.warn({ ...where, attempts, retryInMs: delay, err: reason }, "lead delivery failed; will retry");
      return "failed";
    }
    await this.recordSent(claim, deliveryId);
    logger.info({ ...where, attempts: claim.attempts + 1 }, "lead delivered");
    return "sent";
  }

  /**
   * The peer took the delivery: record it, retrying with backoff while the lease is kept, so a
   * failed write never makes the mail go out again. Gives up only when the worker stops.
   */
  private async recordSent(claim: Claim, deliveryId: string) {
    for (let attempt = 1; ; attempt++) {
      try {
        if (!(await markSent(this.o.database, claim, this.o.clock.now(), deliveryId))) {
          this.o.logger.warn(
            { leadId: claim.leadId, channel: claim.channel },
            "lead delivered, but its lease was lost",
          );
        }
        return;
      } catch (err) {
        if (this.stopped) {
          this.o.logger.error(
            { leadId: claim.leadId, channel: claim.channel, err: errorText(err) },
            "lead delivered but not recorded before stopping; it will be delivered again",
          );
          return;
        }
        const delay = backoffDelay(attempt, this.o.recordBackoff, this.o.random);
        this.o.logger.warn(
          { leadId: claim.leadId, channel: claim.channel, attempt, retryInMs: delay, err: errorText(err) },
          "lead delivered but not yet recorded; retrying",
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
    for (const channel of Object.values(this.o.channels)) channel.close?.();
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
