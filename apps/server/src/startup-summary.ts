import type { Config, Role } from "./platform/config/config";
import type { Dialect } from "./platform/db/database";

/** The exact command that invites the desk's first member (cli/staff.ts). */
export const FIRST_INVITE = 'npm run leads -- staff invite you@example.com --name "Your Name"';

export interface StartupFacts {
  roles: Role[];
  config: Config;
  /** The lead store (its location has no credentials), when this process opened one. */
  database?: { dialect: Dialect; location: string } | undefined;
  /** Current members of the desk, when this process serves it. */
  members?: number | undefined;
  /** Notifications waiting in the outbox, when e-mail is not configured. */
  waiting?: number | undefined;
}

/** Where a person reaches a listener: localhost for a wildcard address. */
function origin(host: string, port: number): string {
  const name = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** The SMTP server without its user or password: `smtp://mail.example.com:587`. */
function mailServer(smtpUrl: string): string {
  const u = new URL(smtpUrl);
  return `${u.protocol}//${u.host}`;
}

/**
 * What `npm start` prints on a terminal once every listener is up: where each part is, the database,
 * whether e-mail goes out, and, when the desk has no member yet, the command that invites the first.
 */
export function startupSummary({ roles, config, database, members, waiting }: StartupFacts): string {
  const rows: [string, string][] = [];
  const at = (port: number) => origin(config.HOST, port);
  if (roles.includes("site")) rows.push(["Site", at(config.PORT)]);
  if (roles.includes("contact"))
    rows.push(["Contact service", `${at(config.CONTACT_PORT)}  (POST /contact)`]);
  if (roles.includes("quotation")) {
    rows.push(["Quotation service", `${at(config.QUOTATION_PORT)}  (POST /quotation)`]);
  }
  if (roles.includes("desk")) rows.push(["Lead desk", config.DESK_URL]);
  if (database) {
    rows.push([
      "Database",
      `${database.dialect === "sqlite" ? "SQLite" : "PostgreSQL"}, ${database.location}`,
    ]);
  }
  if (roles.includes("contact") || roles.includes("quotation")) {
    rows.push([
      "E-mail",
      config.SMTP_URL
        ? `${mailServer(config.SMTP_URL)}, to ${config.NOTIFY_TO}`
        : `not configured (SMTP_URL): leads are stored, their e-mails wait in the outbox${waiting ? ` (${waiting} waiting)` : ""}`,
    ]);
  }
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = ["", "Ready.", ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`)];
  if (members === 0) {
    lines.push("", "The desk has no member yet. Invite the first (it prints a one-time sign-up link):");
    lines.push(`  ${FIRST_INVITE}`);
  }
  lines.push("", "Ctrl+C stops everything.", "");
  return lines.join("\n");
}
