// React Router's v8 future flags, one set for the site and for the fixture app of the build tests, so
// that the tests see the output the site is built with.
import type { Config } from "@react-router/dev/config";

export const futureFlags = {
  v8_middleware: true,
  v8_passThroughRequests: true,
  v8_trailingSlashAwareDataRequests: true,
  v8_viteEnvironmentApi: true,
  // Not adopted: the detail routes' clientLoader shares its content lookup with the route component,
  // so React Router cannot split it out and would only add an empty placeholder chunk per detail route.
  v8_splitRouteModules: false,
} satisfies Config["future"];
