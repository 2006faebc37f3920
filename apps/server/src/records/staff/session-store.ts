import type { Staff } from "@site/contracts/desk";
import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema";
import type { Clock } from "../../platform/clock";
import { hashToken, newToken } from "../../platform/tokens";

/** A session ends after this long without a request… */
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
/** …and this long after sign-in, whatever happens. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often (not on every request). */
const TOUCH_EVERY_MS = 60 * 1000;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Desk sessions in the database (shared by every desk process). Tokens are stored only as their
 * SHA-256; the clock is injected so tests can move time past the idle and absolute limits.
 */
export class SessionStore {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  /** Starts a session for a member; returns the token for the cookie. */
  async create(staffId: string): Promise<{ token: string; expiresAt: string }> {
    const token = newToken();
    const now = this.clock.now().getTime();
    const expiresAt = iso(now + SESSION_ABSOLUTE_MS);
    await this.db
      .insertInto("sessions")
      .values({
        token_hash: hashToken(token),
        staff_id: staffId,
        created_at: iso(now),
        last_seen_at: iso(now),
        expires_at: expiresAt,
        ended_at: null,
      })
      .execute();
    return { token, expiresAt };
  }

  /**
   * The member a token signs in, or undefined: unknown, ended, idle for 8 h, older than 7 days, or
   * the member was removed. A live session's last_seen_at moves forward.
   */
  async resolve(token: string | undefined): Promise<Staff | undefined> {
    if (!token || token.length > 100) return undefined;
    const now = this.clock.now().getTime();
    const row = await this.db
      .selectFrom("sessions")
      .innerJoin("staff", "staff.id", "sessions.staff_id")
      .select(["sessions.token_hash", "sessions.last_seen_at", "staff.id", "staff.email", "staff.name"])
      .where("sessions.token_hash", "=", hashToken(token))
      .where("sessions.ended_at", "is", null)
      .where("sessions.expires_at", ">", iso(now))
      .where("sessions.last_seen_at", ">", iso(now - SESSION_IDLE_MS))
      .where("staff.removed_at", "is", null)
      .executeTakeFirst();
    if (!row) return undefined;
    if (Date.parse(row.last_seen_at) <= now - TOUCH_EVERY_MS) {
      await this.db
        .updateTable("sessions")
        .set({ last_seen_at: iso(now) })
        .where("token_hash", "=", row.token_hash)
        .execute();
    }
    return { id: row.id, email: row.email, name: row.name };
  }

  /** Sign-out: the session ends on the server, whatever the browser keeps. */
  async end(token: string): Promise<void> {
    await this.db
      .updateTable("sessions")
      .set({ ended_at: iso(this.clock.now().getTime()) })
      .where("token_hash", "=", hashToken(token))
      .where("ended_at", "is", null)
      .execute();
  }
}

/** Ends every open session of a member (removal). */
export async function endSessionsOf(db: Kysely<DB>, staffId: string, now: Date): Promise<number> {
  const r = await db
    .updateTable("sessions")
    .set({ ended_at: now.toISOString() })
    .where("staff_id", "=", staffId)
    .where("ended_at", "is", null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
