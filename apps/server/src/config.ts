import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** Repository root (apps/server/src or apps/server/dist → ../../..). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

const envSchema = z.object({
  ROLE: z.enum(["all", "site", "contact", "quotation", "desk"]).default("all"),
  HOST: z.string().default("0.0.0.0"),
  PORT: port(3000),
  CONTACT_PORT: port(8081),
  QUOTATION_PORT: port(8091),
  DESK_PORT: port(8100),
  /** The desk's public origin: cookie Secure when https, the Origin check, WebAuthn's rpID and origin. */
  DESK_URL: z
    .url({ protocol: /^https?$/ })
    .default("http://localhost:8100")
    .transform((v) => new URL(v).origin),
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
  NOTIFY_TO: z.string().default("sales@example.com"),
  MAIL_FROM: z.string().default("Website <no-reply@example.com>"),
  ALLOWED_ORIGINS: z
    .string()
    .default("http://localhost:3000")
    .transform((v) =>
      v
        .split(",")
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  WEB_BUILD_DIR: z.string().default(path.join(repoRoot, "apps", "web", "build", "client")),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
});

export type Config = z.output<typeof envSchema>;

/** Parses the environment once; throws naming every bad key. Empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
