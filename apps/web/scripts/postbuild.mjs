// Runs after `react-router build`. Steps that write files into build/client go BEFORE the last step,
// which hashes inline scripts (CSP), writes _headers / _redirects / nginx-site.conf and precompresses.
import { fileURLToPath } from "node:url";
import { writeStaticArtifacts } from "./static-artifacts.mjs";

const clientDir = fileURLToPath(new URL("../build/client", import.meta.url));

await writeStaticArtifacts({ clientDir });
