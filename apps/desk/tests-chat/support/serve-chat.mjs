// The live-chat e2e server: a fresh SQLite file, then the built server (ROLE=all, LIVE_CHAT=on) serving
// the LIVE_CHAT=on site build, its clock started at a Monday 10:00 in London by Debian's libfaketime
// (preloaded; the `faketime` command would fork and leave the server orphaned when stopped).
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { freshDatabase } from "../../../../scripts/fresh-database.mjs";

// A throw-away SQLite file of the run, in a folder of its own in the temporary folder: emptied first.
const url = process.env.DATABASE_URL ?? "";
if (!url.startsWith("sqlite:")) throw new Error(`serve-chat needs a SQLite DATABASE_URL, not ${url}`);
await freshDatabase(url);
const lib = readdirSync("/usr/lib", { withFileTypes: true })
  .map((d) => path.join("/usr/lib", d.name, "faketime", "libfaketime.so.1"))
  .find((p) => existsSync(p));
if (!lib) throw new Error("libfaketime is needed (apt-get install faketime)");
const child = spawn(process.execPath, ["--enable-source-maps", "apps/server/dist/main.js"], {
  stdio: "inherit",
  env: {
    ...process.env,
    LD_PRELOAD: lib,
    FAKETIME: `@${process.env.CHAT_FAKE_START}`,
    FAKETIME_DONT_FAKE_MONOTONIC: "1",
    FAKETIME_NO_CACHE: "1",
  },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
