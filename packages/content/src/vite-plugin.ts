import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { dataModules, isDataModuleName } from "./data-modules";
import { ContentError } from "./issues";
import { KINDS } from "./kinds";
import { contentDirFromEnv, loadSiteContent } from "./load";
import { UPLOADS_DIRECTORY, UPLOADS_PUBLIC_PATH } from "./schema/fields";
import type { SiteContent } from "./site-content";

const PREFIX = "@site/content/data/";
/** A data module's id in the build: `\0site-content:<name>.js`, code like any other module (so the
 * site's chunking, build-steps/manual-chunks.ts, places it by who imports it). */
const VIRTUAL = "\0site-content:";
const SUFFIX = ".js";

/** Modules that must never reach a browser: the parsers and the loader that uses them. */
const SERVER_ONLY = [
  /[\\/]node_modules[\\/]js-yaml[\\/]/,
  /[\\/]node_modules[\\/]@markdoc[\\/]/,
  /[\\/]packages[\\/]content[\\/]src[\\/](load|resolve|rich-text)\.ts$/,
];

/**
 * The site's content in the web build: reads and validates content/ (CONTENT_DIR) once per build,
 * failing the build with every problem's file and field; each `@site/content/data/<name>` import
 * becomes a module of plain data (no YAML or Markdoc parser reaches the browser, and the client
 * build fails if one would); the uploaded images the content names are copied to /images/uploads/.
 */
export function siteContent(options: { dir?: string } = {}): Plugin {
  const dir = options.dir ?? contentDirFromEnv();
  let content: SiteContent | undefined;
  const load = () => (content ??= loadSiteContent(dir));

  return {
    name: "site-content",
    enforce: "pre",
    buildStart() {
      for (const { file } of Object.values(KINDS)) this.addWatchFile(path.join(dir, file));
      try {
        load();
      } catch (err) {
        if (err instanceof ContentError) this.error(err.message);
        throw err;
      }
    },
    resolveId(id) {
      if (!id.startsWith(PREFIX)) return null;
      const name = id.slice(PREFIX.length);
      if (!isDataModuleName(name))
        this.error(`${id}: no such content module (see packages/content/src/data-modules.ts)`);
      return VIRTUAL + name + SUFFIX;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL) || !id.endsWith(SUFFIX)) return null;
      const name = id.slice(VIRTUAL.length, -SUFFIX.length);
      if (!isDataModuleName(name)) return null;
      const exports = dataModules[name](load());
      return Object.entries(exports)
        .map(([key, value]) => `export const ${key} = ${JSON.stringify(value)};`)
        .join("\n");
    },
    handleHotUpdate({ file, server }) {
      if (!file.startsWith(dir + path.sep)) return;
      content = undefined;
      server.ws.send({ type: "full-reload" });
      return [];
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        const leaked = chunk.moduleIds.filter((m) => SERVER_ONLY.some((re) => re.test(m)));
        if (leaked.length) {
          this.error(
            `${chunk.fileName} would ship the content's parser to browsers (${leaked.join(", ")}): import @site/content/data/<name> instead`,
          );
        }
      }
      const photos = new Set<string>();
      for (const item of [...load().services, ...load().products]) {
        if (item.image.startsWith(UPLOADS_PUBLIC_PATH))
          photos.add(item.image.slice(UPLOADS_PUBLIC_PATH.length));
      }
      for (const name of photos) {
        this.emitFile({
          type: "asset",
          fileName: `${UPLOADS_PUBLIC_PATH.slice(1)}${name}`,
          source: readFileSync(path.join(dir, UPLOADS_DIRECTORY, name)),
        });
      }
    },
  };
}
