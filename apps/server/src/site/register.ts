import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";

/** Serves the prerendered web build. (Placeholder: replaced by the full static server.) */
export async function registerSite(app: FastifyInstance, config: Config) {
  await app.register(fastifyStatic, { root: config.WEB_BUILD_DIR });
}
