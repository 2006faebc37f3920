import { existsSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Retention, retentionFromEnv } from "@site/contracts";
import { z } from "zod";
import type { Channel } from "./db/schema";

/**
 * Repository root: the nearest folder above this module holding apps/server (the module is
 * apps/server/src/config.ts, or bundled into apps/server/dist/main.js or dist/cli/*.js, one level deeper).
 */
export const repoRoot = (() => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = here; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "apps", "server", "package.json"))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(here, "../../..");
  }
})();

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

const list = (v: string) =>
  v
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);

const envSchema = z
  .object({
    ROLE: z.enum(["all", "site", "contact", "quotation", "desk"]).default("all"),
    HOST: z.string().default("0.0.0.0"),
    PORT: port(3000),
    CONTACT_PORT: port(8081),
    QUOTATION_PORT: port(8091),
    DESK_PORT: port(8100),
    /** The desk's public origin: cookie Secure when https, the Origin check, WebAuthn's rpID and origin. */
    /** Unset: http://localhost:<DESK_PORT>, so changing the port alone keeps the desk working. */
    DESK_URL: z
      .url({ protocol: /^https?$/ })
      .optional()
      .transform((v) => (v === undefined ? undefined : new URL(v).origin)),
    DESK_BUILD_DIR: z.string().default(path.join(repoRoot, "apps", "desk", "build", "client")),
    /** Sign-in and enrolment requests per client address per minute. */
    DESK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
    DATABASE_URL: z
      .string()
      .regex(/^(sqlite:\/|postgres(ql)?:\/\/)/, "must be sqlite:/abs/path.sqlite or postgres://…")
      .default(`sqlite:${path.join(repoRoot, "data", "leads.sqlite")}`),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^/]/, "must be smtp://[user:pass@]host[:port] or smtps://…")
      .optional(),
    /** Unset: STARTTLS required unless the SMTP host is loopback (see createSmtpMailer). */
    SMTP_REQUIRE_TLS: z
      .enum(["true", "false"])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === "true")),
    NOTIFY_TO: z.string().default("sales@example.com"),
    MAIL_FROM: z.string().default("Website <no-reply@example.com>"),
    ALLOWED_ORIGINS: z.string().default("http://localhost:3000").transform(list),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
    /** Speed beacons (POST /vitals) per client per minute: one per page view, so a brisk reader stays under it. */
    VITALS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
    WEB_BUILD_DIR: z.string().optional(),
    /** The site's content files, edited in the desk (a git checkout's content/, or a repository of its own). */
    CONTENT_DIR: z.string().default(path.join(repoRoot, "content")),
    /** Where publishes build the site (a folder per build) and `live`, the link to the one served. */
    SITE_RELEASES_DIR: z.string().default(path.join(repoRoot, "data", "site-releases")),
    /** A git remote each publish is pushed to (e.g. the repository whose CI deploys the site). */
    CONTENT_GIT_REMOTE: z.string().optional(),
    /**
     * Run (sh -c) after a publish switches the live link, with SITE_RELEASE set to the new build's
     * folder: e.g. "nginx -s reload" where nginx serves SITE_RELEASES_DIR/live (its config includes
     * live/nginx-site.conf, whose CSP hashes are the new pages').
     */
    SITE_SWITCH_COMMAND: z.string().optional(),
    /** How often the site role checks whether WEB_BUILD_DIR now leads to another build. */
    SITE_BUILD_POLL_MS: ms(1_000),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Proxies whose X-Forwarded-For is believed; the client is the rightmost address not listed. */
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
      }),
    /** Replaced by TRUSTED_PROXIES: a start with it set is refused rather than silently ignoring it. */
    TRUST_PROXY: z
      .never({
        error:
          "is no longer supported: list the addresses or CIDR ranges of your reverse proxies or load " +
          "balancers in TRUSTED_PROXIES (for example TRUSTED_PROXIES=10.0.0.0/8) and unset TRUST_PROXY",
      })
      .optional(),
    /** Rate-limit counters shared by every instance; unset = each process counts on its own. */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/[^/]/, "must be redis://[user:pass@]host[:port][/db] or rediss://…")
      .optional(),
    HEADERS_TIMEOUT_MS: ms(5_000),
    REQUEST_TIMEOUT_MS: ms(10_000),
    SOCKET_TIMEOUT_MS: ms(60_000),
    KEEP_ALIVE_TIMEOUT_MS: ms(72_000),
    SHUTDOWN_TIMEOUT_MS: ms(10_000),
    OUTBOX_LEASE_MS: ms(2 * 60_000),
    /** Every non-spam lead is also POSTed here, signed (Standard Webhooks); needs WEBHOOK_SECRET. */
    WEBHOOK_URL: z
      .string()
      .regex(/^https?:\/\/[^/]/, "must be an http:// or https:// URL")
      .optional(),
    /** whsec_ followed by base64 of 24 to 64 random bytes (Standard Webhooks' secret format). */
    WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/, "must be whsec_ followed by base64 of 24–64 random bytes")
      .optional(),
    /** on: the visitor gets a short confirmation (at most one per address per hour). */
    AUTOREPLY: z.enum(["on", "off"]).default("off"),
    RETENTION_ENQUIRY_MONTHS: z.string().optional(),
    RETENTION_SPAM_DAYS: z.string().optional(),
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

/** Parses the environment once; throws naming every bad key. Empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  try {
    return { ...parsed.data, retention: retentionFromEnv(cleaned) };
  } catch (err) {
    throw new Error(`Invalid configuration:\n  ${(err as Error).message}`);
  }
}
