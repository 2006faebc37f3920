import { buildApp } from "./src/app";
import { testConfig } from "./test/helpers";
import { bodyLimitOf } from "./src/platform/http/body-limit";
import { z } from "zod";
import { openDatabase } from "./src/records/database";
const database = await openDatabase("sqlite:/tmp/h33d/x.sqlite");
for (const role of ["contact", "quotation", "desk"] as const) {
  const app = await buildApp(role, { config: testConfig({ LIVE_CHAT: "on" }), database, onRoute: (r) => {
    const b = r.schema?.body;
    if (b instanceof z.ZodType) { let l; try { l = JSON.stringify(bodyLimitOf(b)); } catch (e) { l = "ERR " + e; } console.log(role, r.method, r.url, l, r.bodyLimit); }
  } });
  await app.ready(); await app.close();
}
await database.close();
