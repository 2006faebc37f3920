import { existsSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  DEFAULT_RETENTION,
  type Retention,
  RETENTION_OVERRIDE_RANGE,
  retentionFromEnv,
} from "@site/contracts";
import { z } from "zod";
import type { Channel } from "../db/schema";
import { webhookSecret } from "./webhook-secret";
import { contentVariables } from "./publishing-variables";

/** The nearest folder at or above `dir` with a package.json: the package the code in `dir` belongs to. */
export function packageDirOf(dir: string): string {
  for (let d = dir; ; d = path.dirname(d)) {
    if (existsSync(path.join(d, "package.json"))) return d;
    if (path.dirname(d) === d) throw new Error(`no package.json at or above ${dir}`);
  }
}

/**
 * Repository root: two folders above the server's package, wherever this code runs from (src/, or
 * bundled into dist/main.js, dist/cli/leads.js or dist/bench/…, each at its own depth).
 */
export const repoRoot = path.resolve(packageDirOf(path.dirname(fileURLToPath(import.meta.url))), "../..");

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const ms = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** An IPv4/IPv6 address or CIDR range (`10.0.0.5`, `10.0.0.0/8`, `2001:db8::/32`). */
function isAddressOrRange(entry: string): boolean {
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const retentionOverrideValues = `a whole number from ${RETENTION_OVERRIDE_RANGE.min} to ${RETENTION_OVERRIDE_RANGE.max}`;

const list = (v: string) =>
  v
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);

/**
 * Every variable the server reads, each with its documentation in `.meta()`: `description` (what it
 * does), and where the schema alone cannot say it, `defaultText` (the Default column when there is no
 * fixed default) and `values` (the allowed values in words). `npm run docs:config` writes
 * docs/configuration.md's reference from these; a test fails while the page is out of date. @public
 */
export const envSchema = z
  .object({
    ROLE: z.enum(["all", "site", "contact", "quotation", "desk"]).default("all").meta({
      description:
        "Which listeners this process runs: `all` is the site, both services and the desk in one process",
    }),
    HOST: z
      .string()
      .default("0.0.0.0")
      .meta({ description: "Listen address", values: "an IPv4 or IPv6 address" }),
    PORT: port(3000).meta({ description: "Port of the site (the prerendered build)" }),
    CONTACT_PORT: port(8081).meta({
      description: "Port of the contact service (`POST /contact`, `POST /vitals`)",
    }),
    QUOTATION_PORT: port(8091).meta({ description: "Port of the quotation service (`POST /quotation`)" }),
    DESK_PORT: port(8100).meta({
      description: "Port of the lead desk (`ROLE=desk`; included in `ROLE=all`)",
    }),
    DESK_URL: z
      .url({ protocol: /^https?$/ })
      .optional()
      .transform((v) => (v === undefined ? undefined : new URL(v).origin))
      .meta({
        description:
          "The desk's public origin: the Origin check, WebAuthn's relying party, `Secure` cookies when https, the links in invitations",
        // Unset follows DESK_PORT, so changing the port alone keeps the desk working.
        defaultText: "`http://localhost:<DESK_PORT>`",
        values: "an http(s) URL (its origin is used)",
      }),
    DESK_BUILD_DIR: z
      .string()
      .default(path.join(repoRoot, "apps", "desk", "build", "client"))
      .meta({ description: "Where the desk role finds the desk's build", values: "a directory" }),
    DESK_RATE_LIMIT_PER_MINUTE: z.coerce
      .number()
      .int()
      .positive()
      .default(30)
      .meta({ description: "Sign-in and enrolment requests per client address per minute" }),
    DATABASE_URL: z
      .string()
      .regex(/^(sqlite:\/|postgres(ql)?:\/\/)/, "must be sqlite:/abs/path.sqlite or postgres://…")
      .default(`sqlite:${path.join(repoRoot, "data", "leads.sqlite")}`)
      .meta({
        description: "Where leads are stored: a SQLite file or a PostgreSQL database ([storage](storage.md))",
        values: "`sqlite:/abs/path.sqlite` or `postgres://user:pass@host:5432/db` (`postgresql://` too)",
      }),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^/]/, "must be smtp://[user:pass@]host[:port] or smtps://…")
      .optional()
      .meta({
        description:
          "The mail server for notifications and invitations; unset, notifications wait in the outbox",
        values: "`smtp://user:pass@host:587` (STARTTLS) or `smtps://user:pass@host:465`",
      }),
    SMTP_REQUIRE_TLS: z
      .enum(["true", "false"])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === "true"))
      .meta({
        description:
          "`false` sends over `smtp://` in clear when the server offers no STARTTLS (a trusted network only); `true` requires STARTTLS on loopback too",
        // See createSmtpMailer.
        defaultText: "on, except for a loopback SMTP host",
      }),
    NOTIFY_TO: z
      .string()
      .default("sales@example.com")
      .meta({ description: "Where lead notifications go", values: "an e-mail address" }),
    MAIL_FROM: z.string().default("Website <no-reply@example.com>").meta({
      description: "Sender of every mail; its domain also names the Message-ID",
      values: "an address, with or without a display name",
    }),
    ALLOWED_ORIGINS: z.string().default("http://localhost:3000").transform(list).meta({
      description: "Origins allowed to post to the services (CORS)",
      values: "comma-separated origins",
    }),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10).meta({
      description:
        "POSTs per client per minute on each service (an IPv4 address, or an IPv6 /64; [rate limit](deploy.md#rate-limit))",
    }),
    VITALS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60).meta({
      description:
        "Speed beacons (`POST /vitals`) per client per minute, counted apart from the leads: one beacon per page view, so a brisk reader stays under it",
    }),
    WEB_BUILD_DIR: z.string().optional().meta({
      description:
        "Where the site role finds the site's build; unset, the live publish (`SITE_RELEASES_DIR/live`) once there is one, else the checkout's build",
      defaultText: "`<repo>/apps/web/build/client`",
      values: "a directory",
    }),
    ...contentVariables(repoRoot),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info").meta({
      description: "pino's level; logs are JSON lines, shown as readable lines when the output is a terminal",
    }),
    TRUSTED_PROXIES: z
      .string()
      .default("")
      .transform(list)
      .superRefine((entries, ctx) => {
        for (const entry of entries.filter((e) => !isAddressOrRange(e))) {
          ctx.addIssue({
            code: "custom",
            message: `"${entry}" is not an IP address or CIDR range (e.g. 10.0.0.5,10.1.0.0/16,2001:db8::/48)`,
          });
        }
      })
      .meta({
        description:
          "Your proxies and load balancers: X-Forwarded-For is believed only from them, and the client is its rightmost address not listed ([client address](deploy.md#client-address))",
        values: "comma-separated addresses or CIDR ranges (`10.0.0.5,10.1.0.0/16,fd00::/8`)",
      }),
    TRUST_PROXY: z
      .never({
        error:
          "is no longer supported: list the addresses or CIDR ranges of your reverse proxies or load " +
          "balancers in TRUSTED_PROXIES (for example TRUSTED_PROXIES=10.0.0.0/8) and unset TRUST_PROXY",
      })
      .optional()
      .meta({
        description:
          "Replaced by `TRUSTED_PROXIES`: a start with it set is refused with a message naming `TRUSTED_PROXIES`, rather than silently ignoring it",
        values: "none (leave unset)",
      }),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/[^/]/, "must be redis://[user:pass@]host[:port][/db] or rediss://…")
      .optional()
      .meta({
        description:
          "One rate limit for every instance; unset, each process counts on its own ([rate limit](deploy.md#rate-limit))",
        values: "`redis://[user:pass@]host:6379[/db]` or `rediss://…`",
      }),
    HEADERS_TIMEOUT_MS: ms(5_000).meta({
      description:
        "A request's headers must arrive within this (else 408 and close); at most `REQUEST_TIMEOUT_MS`",
    }),
    REQUEST_TIMEOUT_MS: ms(10_000).meta({
      description: "A whole request (headers and body) must arrive within this (else 408 and close)",
    }),
    SOCKET_TIMEOUT_MS: ms(60_000).meta({
      description: "A connection with no traffic either way for this long is closed",
    }),
    KEEP_ALIVE_TIMEOUT_MS: ms(72_000).meta({
      description:
        "An idle keep-alive connection is closed after this (keep it above your balancer's idle timeout)",
    }),
    SHUTDOWN_TIMEOUT_MS: ms(10_000).meta({
      description:
        "After SIGTERM/SIGINT, time to finish requests in flight before the rest are cut and the process exits 1",
    }),
    OUTBOX_LEASE_MS: ms(2 * 60_000).meta({
      description: "How long an outbox worker holds a row it is sending before another worker may take it",
    }),
    WEBHOOK_URL: z
      .string()
      .regex(/^https?:\/\/[^/]/, "must be an http:// or https:// URL")
      .optional()
      .meta({
        description:
          "Every non-spam lead is also POSTed here as signed JSON ([webhooks](webhooks.md)); set with `WEBHOOK_SECRET`",
        values: "an http(s) URL",
      }),
    WEBHOOK_SECRET: webhookSecret.optional().meta({
      description: "The receiver verifies each webhook request with it; set with `WEBHOOK_URL`",
      values: "`whsec_` followed by base64 of 24 to 64 random bytes (Standard Webhooks' format)",
    }),
    AUTOREPLY: z.enum(["on", "off"]).default("off").meta({
      description:
        "`on`: the visitor gets a short confirmation, at most one per address per hour, none for spam ([confirmation](notifications.md#confirmation-to-the-visitor))",
    }),
    CONSULTATION_LINK_SECRET: z
      .string()
      .min(32, "must be at least 32 characters (e.g. 32 random bytes in base64)")
      .optional()
      .meta({
        description:
          "The HMAC key of the visitor's reschedule and cancel links ([consultations](consultations.md)); unset, a random key is made at first start and kept in the database, shared by every instance",
        defaultText: "a key stored in the database",
        values: "at least 32 characters",
      }),
    LIVE_CHAT: z.enum(["on", "off"]).default("off").meta({
      description:
        "`on`: the chat button opens a live chat answered in the desk's Chats screen; set it for the site's build too ([live chat](live-chat.md))",
    }),
    CHAT_CONVERSATIONS_PER_HOUR: z.coerce.number().int().positive().default(3).meta({
      description: "New chat conversations per client (IPv4 address or IPv6 /64) per hour; then `429`",
    }),
    CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().positive().default(20).meta({
      description: "Chat messages per client per minute; then `429`",
    }),
    CHAT_REPLY_MAIL_AFTER_MS: ms(2 * 60_000).meta({
      description:
        "A staff reply in the chat that the visitor has not seen after this long is e-mailed to them, with a link that reopens the conversation",
    }),
    RETENTION_ENQUIRY_MONTHS: z
      .string()
      .optional()
      .meta({
        description:
          "Months after the last contact an enquiry is kept ([retention](data-rights.md#retention))",
        defaultText: `\`${DEFAULT_RETENTION.enquiryMonths}\``,
        values: retentionOverrideValues,
      }),
    RETENTION_SPAM_DAYS: z
      .string()
      .optional()
      .meta({
        description: "Days a spam lead is kept after it arrived ([retention](data-rights.md#retention))",
        defaultText: `\`${DEFAULT_RETENTION.spamDays}\``,
        values: retentionOverrideValues,
      }),
  })
  .refine((c) => !c.WEBHOOK_URL === !c.WEBHOOK_SECRET, {
    path: ["WEBHOOK_SECRET"],
    error: "WEBHOOK_URL and WEBHOOK_SECRET are set together (receivers verify every request with the secret)",
  })
  .refine((c) => c.HEADERS_TIMEOUT_MS <= c.REQUEST_TIMEOUT_MS, {
    path: ["HEADERS_TIMEOUT_MS"],
    error: "must not exceed REQUEST_TIMEOUT_MS (the headers are part of the request)",
  })
  .transform((c) => ({
    ...c,
    DESK_URL: c.DESK_URL ?? `http://localhost:${c.DESK_PORT}`,
    WEB_BUILD_DIR: c.WEB_BUILD_DIR ?? path.join(repoRoot, "apps", "web", "build", "client"),
    /** WEB_BUILD_DIR unset: the site serves the live publish (SITE_RELEASES_DIR/live) once there is one. */
    webBuildDirIsDefault: c.WEB_BUILD_DIR === undefined,
    /** The site's public origin (the e-mails' links): the first origin allowed to post, the site's. */
    siteOrigin: (c.ALLOWED_ORIGINS[0] ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ""),
  }));

export type Config = z.output<typeof envSchema> & { retention: Retention };

/** Where each lead (not spam) goes: e-mail always (it waits for SMTP_URL), the webhook and autoreply when set. */
export function configuredChannels(config: Config): Channel[] {
  return [
    "email",
    ...(config.WEBHOOK_URL ? (["webhook"] as const) : []),
    ...(config.AUTOREPLY === "on" ? (["autoreply"] as const) : []),
  ];
}

/** A configuration the server cannot start with; its message names every bad key and why. */
export class ConfigError extends Error {}

/** Parses the environment once; throws ConfigError naming every bad key. Empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  try {
    return { ...parsed.data, retention: retentionFromEnv(cleaned) };
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  ${(err as Error).message}`);
  }
}
