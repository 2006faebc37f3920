// The variables of the listeners, the storage, the services and HTTP (config.ts puts every group
// together, in the order the configuration reference shows them).
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
export const ms = (fallback: number) => z.coerce.number().int().positive().default(fallback);

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

/** Which listeners run, on which ports, and where the data is. */
export function listenerVariables(repoRoot: string) {
  return {
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
  };
}

/** The contact and quotation services: who may post, and how often; the site's build. */
export const serviceVariables = {
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
  CHALLENGE_SECRET: z
    .string()
    .min(32, "must be at least 32 characters (e.g. 32 random bytes in base64)")
    .optional()
    .meta({
      description:
        "The HMAC key of the proof-of-work challenges ([challenge](lead-services.md#proof-of-work)); unset, a random key is made at first start and kept in the database, shared by every instance",
      defaultText: "a key stored in the database",
      values: "at least 32 characters",
    }),
  CHALLENGE_COST: z.coerce.number().int().min(1).max(100_000).default(5_000).meta({
    description:
      "PBKDF2-SHA-256 iterations per try of the [proof-of-work](lead-services.md#proof-of-work) challenge (a browser makes 100 to 200 tries): more work for each visitor and each bot",
    values: "a whole number from 1 to 100000",
  }),
  WEB_BUILD_DIR: z.string().optional().meta({
    description:
      "Where the site role finds the site's build; unset, the live publish (`SITE_RELEASES_DIR/live`) once there is one, else the checkout's build",
    defaultText: "`<repo>/apps/web/build/client`",
    values: "a directory",
  }),
};

/** Logs, proxies, Redis, and how long a connection, a request and a shutdown may take. */
export const httpVariables = {
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
};
