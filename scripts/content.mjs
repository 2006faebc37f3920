// `npm run content -- history | publish | restore COMMIT`: publishing the site's content from a shell
// (apps/server/src/cli/content.ts). Builds the server bundle first when it is missing or older than
// its sources, so the command never runs stale code. Build output goes to stderr.
import { spawn } from "node:child_process";
import { ensureServerBundle } from "./server-bundle.mjs";

ensureServerBundle();
const child = spawn(process.execPath, ["apps/server/dist/cli/content.js", ...process.argv.slice(2)], {
  stdio: "inherit",
});
child.on("exit", (code) => process.exit(code ?? 1));
