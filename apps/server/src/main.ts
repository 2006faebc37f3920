import { buildApp, type Role } from "./app";
import { loadConfig } from "./config";

const config = loadConfig();
const roles: Role[] = config.ROLE === "all" ? ["site", "contact", "quotation"] : [config.ROLE];
const portOf: Record<Role, number> = {
  site: config.PORT,
  contact: config.CONTACT_PORT,
  quotation: config.QUOTATION_PORT,
};

const apps = await Promise.all(roles.map((role) => buildApp(role, { config })));
await Promise.all(apps.map((app, i) => app.listen({ host: config.HOST, port: portOf[roles[i]!] })));

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  apps[0]?.log.info({ signal }, "shutting down");
  await Promise.allSettled(apps.map((a) => a.close()));
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
