// The link in a reply e-mail that reopens the conversation: <site>/#chat=<conversation>.<expiry>.<mac>,
// the MAC an HMAC-SHA256 under the conversation's own random key (stored with it, never sent), so a
// link names one conversation, runs out, and dies with the conversation when it is erased. In the
// fragment, the link never reaches a server's log or a Referer header.
import { CHAT_LINK_FRAGMENT } from "@site/contracts/chat";
import { createHmac, timingSafeEqual } from "node:crypto";

/** A reply's link opens the conversation for this long. */
const LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const LINK =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

const mac = (key: string, payload: string) =>
  createHmac("sha256", Buffer.from(key, "base64url")).update(payload).digest("base64url");

/** The signed part of a link (what follows `#chat=`). */
export function signLink(conversationId: string, key: string, now: Date): string {
  const expires = Math.floor((now.getTime() + LINK_TTL_MS) / 1000);
  const payload = `${conversationId}.${expires}`;
  return `${payload}.${mac(key, payload)}`;
}

/** The full address the e-mail carries. */
export function resumeUrl(siteUrl: string, link: string): string {
  return `${siteUrl.replace(/\/+$/, "")}/#${CHAT_LINK_FRAGMENT}=${link}`;
}

/** The conversation a link names, before its signature is checked (undefined when malformed). */
export function parseLink(
  link: string,
): { conversationId: string; expires: number; mac: string } | undefined {
  const m = LINK.exec(link);
  return m ? { conversationId: m[1]!, expires: Number(m[2]), mac: m[3]! } : undefined;
}

/** Whether the link's MAC is the conversation key's and it has not run out. */
export function verifyLink(link: string, key: string, now: Date): boolean {
  const parsed = parseLink(link);
  if (!parsed || parsed.expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(mac(key, `${parsed.conversationId}.${parsed.expires}`));
  const given = Buffer.from(parsed.mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
