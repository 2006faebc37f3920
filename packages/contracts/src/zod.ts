// zod as every contract module uses it: configured before any schema exists. Without JIT zod never
// probes `new Function`, which the site's and the desk's strict CSPs (no 'unsafe-eval') report as a
// violation in the browser; a schema made before the setting would keep probing, so every contract
// module imports zod from here (ES modules evaluate this file first). Validation is the same.
import { z } from "zod";

z.config({ jitless: true });

export { z };
