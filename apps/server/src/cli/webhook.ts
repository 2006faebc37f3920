// `npm run leads -- webhook status|resume`: the webhook endpoint (WEBHOOK_URL) as its receiver left it.
import { loadConfig } from "../platform/config/config";
import { openDatabase } from "../records/database";
import { cliActor, recordAudit } from "../records/audit";
import { currentEndpoint, resumeEndpoint, webhookEndpoint } from "../records/outbox/webhook-endpoint";
import { UsageError } from "./cli-io";

export const WEBHOOK_USAGE = `  webhook status
        Whether deliveries to WEBHOOK_URL go: stopped since it answered 410 Gone, held by a
        Retry-After, or going; and how many wait.
  webhook resume
        Deliver to WEBHOOK_URL again after it answered 410 Gone (once its receiver wants them).`;

export async function runWebhook(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== "status" && sub !== "resume") {
    throw new UsageError(`webhook needs status or resume${sub ? `, got ${sub}` : ""}`);
  }
  if (rest.length > 0) throw new UsageError(`Unexpected argument: ${rest[0]}`);
  const config = loadConfig();
  if (!config.WEBHOOK_URL) throw new UsageError("WEBHOOK_URL is not set: there is no webhook endpoint");
  const endpoint = webhookEndpoint(config.WEBHOOK_URL);
  const database = await openDatabase(config.DATABASE_URL);
  try {
    const now = new Date();
    if (sub === "resume") {
      if (!(await resumeEndpoint(database.db, endpoint))) {
        process.stdout.write(`Deliveries to ${endpoint.origin} were not stopped.\n`);
        return 0;
      }
      await recordAudit(database.db, { ...cliActor(), action: "webhook.resume" }, now);
      process.stdout.write(
        `Deliveries to ${endpoint.origin} resume: the waiting ones go within seconds, with their retries.\n`,
      );
      return 0;
    }
    const row = await database.db
      .selectFrom("webhook_endpoints")
      .select(["gone_at", "held_until"])
      .where("url_hash", "=", endpoint.hash)
      .executeTakeFirst();
    const waiting = await database.db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("channel", "=", "webhook")
      .where("sent_at", "is", null)
      .where("given_up_at", "is", null)
      .executeTakeFirstOrThrow();
    const state = row?.gone_at
      ? `stopped: it answered 410 Gone on ${row.gone_at} (resume with: npm run leads -- webhook resume)`
      : row?.held_until && row.held_until > now.toISOString()
        ? `held until ${row.held_until}, as its Retry-After asked`
        : "going";
    const current = await currentEndpoint(database.db, now);
    const other =
      current && current.origin !== endpoint.origin
        ? ` (the services last started with ${current.origin})`
        : "";
    process.stdout.write(
      `Webhook ${endpoint.origin}${other}: ${state}. ${Number(waiting.n)} deliveries waiting.\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}
