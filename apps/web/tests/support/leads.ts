import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { e2eDatabaseUrl, repoRoot, smtpSinkUrl } from "./e2e-env";
import type { SinkMessage } from "./smtp-sink";

const run = promisify(execFile);

/** What `npm run leads -- list --json` prints for each lead (the fields the specs look at). */
export interface ListedLead {
  id: string;
  kind: "contact" | "quotation";
  spam: boolean;
  /** Sent without a solved challenge (the site's forms always send one). */
  unverified: boolean;
  name: string;
  email: string;
  phone: string;
  company: string | null;
  service: string | null;
  message: string | null;
  details: string | null;
  notification: { state: string; messageId: string | null };
}

/** Runs the real leads command from the repository root against the e2e database. */
async function listLeads(...args: string[]): Promise<ListedLead[]> {
  const { stdout } = await run("npm", ["run", "leads", "--", "list", "--json", ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: e2eDatabaseUrl },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as ListedLead[];
}

export async function leadsByEmail(email: string, ...args: string[]): Promise<ListedLead[]> {
  return (await listLeads(...args)).filter((l) => l.email === email);
}

/** Everything the SMTP peer has received so far. */
async function sinkMessages(): Promise<SinkMessage[]> {
  const res = await fetch(`${smtpSinkUrl}/messages`);
  if (!res.ok) throw new Error(`smtp sink answered ${res.status}`);
  return (await res.json()) as SinkMessage[];
}

export async function mailsReplyingTo(email: string): Promise<SinkMessage[]> {
  return (await sinkMessages()).filter((m) => (m.headers["reply-to"] ?? "").includes(`<${email}>`));
}

/** A token unique to one test run, safe in names, e-mail local parts and headers. */
export function uniqueToken(project: string): string {
  return `${project}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
