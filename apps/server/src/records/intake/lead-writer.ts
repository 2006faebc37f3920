import { type BatchOutcome, batchKey, type CreateResult, type LeadWrite } from "./lead-batch";

/** Commits one batch of writes in one transaction; resolves once that transaction is durable. */
export type CommitBatch = (writes: LeadWrite[]) => Promise<BatchOutcome[]>;

/** Rows per transaction at most (SQLite binds ≤ 32766 parameters per statement; a lead takes 11). */
const MAX_BATCH = 256;

interface Pending {
  write: LeadWrite;
  resolve(result: CreateResult): void;
  reject(err: unknown): void;
}

/**
 * Group commit: concurrent lead writes share one transaction. While a transaction is being written,
 * new writes queue; the moment it ends they go together as the next one, and then the callers of
 * the first are answered (each once the transaction holding its lead has committed). Two writes
 * with the same Idempotency-Key are never on their way at once (the second waits for the first's
 * transaction to end), so the second is a replay or key_reused exactly as it would be later. If a
 * batch fails, each of its writes is retried alone, so one bad row fails only its own request.
 */
export class LeadWriter {
  private queue: Pending[] = [];
  private writing = false;
  private scheduled = false;
  private readonly keysInFlight = new Set<string>();
  /** Called after each committed batch, once the next one (if any) is on its way. */
  afterCommit: (() => void) | undefined;

  constructor(private readonly commit: CommitBatch) {}

  /** No write is waiting or being written. */
  get idle(): boolean {
    return !this.writing && this.queue.length === 0;
  }

  write(write: LeadWrite): Promise<CreateResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ write, resolve, reject });
      this.schedule();
    });
  }

  /** Idle: starts a batch once the requests read in this turn of the event loop have queued. */
  private schedule() {
    if (this.writing || this.scheduled || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.dispatch();
    });
  }

  /** Sends what has queued as the next transaction, unless one is being written. */
  private dispatch() {
    if (this.writing) return;
    const batch = this.take();
    if (batch.length > 0) void this.flush(batch);
  }

  private async flush(batch: Pending[]) {
    this.writing = true;
    const keys = batch.map((p) => batchKey(p.write)).filter((k) => k !== undefined);
    for (const k of keys) this.keysInFlight.add(k);
    let outcomes: BatchOutcome[] | undefined;
    try {
      outcomes = await this.commit(batch.map((p) => p.write));
    } catch (err) {
      // One of them is bad: each is tried alone (they settle themselves), before anything else.
      if (batch.length === 1) batch[0]!.reject(err);
      else for (const p of batch) await this.alone(p);
    }
    for (const k of keys) this.keysInFlight.delete(k);
    this.writing = false;
    // The writes that queued meanwhile go now, before this batch's callers are answered.
    this.dispatch();
    outcomes?.forEach((o, i) => this.settle(batch[i]!, o));
    this.schedule();
    if (outcomes) this.afterCommit?.();
  }

  private async alone(p: Pending) {
    try {
      this.settle(p, (await this.commit([p.write]))[0]!);
    } catch (err) {
      p.reject(err);
    }
  }

  private settle(p: Pending, o: BatchOutcome) {
    // Another instance committed the same key meanwhile: written again, it is answered as a replay.
    if (o.outcome === "raced") this.queue.unshift(p);
    else p.resolve(o);
  }

  /** Up to MAX_BATCH queued writes in order, leaving for later a key already on its way. */
  private take(): Pending[] {
    const batch: Pending[] = [];
    const keys = new Set(this.keysInFlight);
    const rest: Pending[] = [];
    for (const p of this.queue) {
      const key = batchKey(p.write);
      if (batch.length >= MAX_BATCH || (key !== undefined && keys.has(key))) {
        rest.push(p);
        continue;
      }
      if (key !== undefined) keys.add(key);
      batch.push(p);
    }
    this.queue = rest;
    return batch;
  }
}
