import { DEFAULT_CONTENT_DIR, loadSiteContent } from "@site/content";
import { SITE_MANIFEST_FILE, type SiteManifest, hashSource, nginxConf } from "@site/site-policy";
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { BuildFailure, type BuildInput, type SiteBuilder } from "../src/publishing/site-builder";
import { tempDir } from "./helpers";

/** Runs git in `cwd`, returning its output. */
export const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, { cwd, encoding: "utf8", env: { ...process.env, LC_ALL: "C" } });

/**
 * A checkout like the project's: a git repository with the site's content under content/ and another
 * file beside it (which a publish must never commit), in a temp folder; the releases folder beside it.
 */
export function contentCheckout() {
  const tmp = tempDir("content-checkout-");
  const root = path.join(tmp.dir, "repo");
  const contentDir = path.join(root, "content");
  mkdirSync(root);
  // Not a .git of its own: a server run from a copy that is no checkout (the CI's Node 24 run) makes
  // one in the content folder, and a checkout with a repository inside it is not what these tests mean.
  cpSync(DEFAULT_CONTENT_DIR, contentDir, {
    recursive: true,
    filter: (src) => path.basename(src) !== ".git",
  });
  writeFileSync(path.join(root, "README.md"), "A checkout.\n");
  git(root, "init", "--quiet", "--initial-branch=main");
  git(root, "add", "--all");
  git(
    root,
    "-c",
    "user.name=Developer",
    "-c",
    "user.email=dev@example.com",
    "commit",
    "--quiet",
    "-m",
    "Initial",
  );
  return {
    root,
    contentDir,
    releasesDir: path.join(tmp.dir, "releases"),
    env: { CONTENT_DIR: contentDir, SITE_RELEASES_DIR: path.join(tmp.dir, "releases") },
    cleanup: tmp.cleanup,
  };
}

const page = (title: string, body: string, script: string, jsonLd?: object) =>
  `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"/><title>${title}</title>` +
  (jsonLd ? `<script type="application/ld+json">${JSON.stringify(jsonLd)}</script>` : "") +
  `</head><body><main>${body}</main><script>${script}</script></body></html>\n`;

/**
 * A small but complete site build from the exported content, as the real build lays it out (client/,
 * site-manifest.json with each page's script hashes): the careers page lists the openings, each
 * opening has its page with its JobPosting. Instead of the real `react-router build` (a minute),
 * for the tests of publishing itself; the browser test publishes with the real one.
 */
export function fixtureBuilder(options: { gate?: () => Promise<void>; fail?: string } = {}): SiteBuilder & {
  builds: string[];
} {
  const builds: string[] = [];
  return {
    builds,
    async build({ contentDir, outputDir }: BuildInput) {
      builds.push(outputDir);
      await options.gate?.();
      if (options.fail) throw new BuildFailure("The site build failed (exit code 1)", options.fail);
      const content = loadSiteContent(contentDir);
      const pages: Record<string, string> = {
        "index.html": page("Home", `<h1>${content.home.hero.title}</h1>`, "window.page='home';"),
        "careers/index.html": page(
          "Careers",
          `<h1>Careers</h1><ul>${content.jobs.map((j) => `<li><a href="/careers/${j.slug}">${j.title}</a></li>`).join("")}</ul>`,
          "window.page='careers';",
        ),
        "404/index.html": page("Page not found", "<h1>Page not found</h1>", "window.page='404';"),
        "__spa-fallback.html": page("Loading", "<div></div>", "window.page='spa';"),
      };
      for (const job of content.jobs) {
        pages[`careers/${job.slug}/index.html`] = page(
          job.title,
          `<h1>${job.title}</h1>`,
          `window.page=${JSON.stringify(job.slug)};`,
          {
            "@type": "JobPosting",
            title: job.title,
          },
        );
      }
      const client = path.join(outputDir, "client");
      for (const [file, html] of Object.entries(pages)) {
        await mkdir(path.dirname(path.join(client, file)), { recursive: true });
        await writeFile(path.join(client, file), html);
      }
      await writeFile(
        path.join(client, "sitemap.xml"),
        `<urlset>${["/careers", ...content.jobs.map((j) => `/careers/${j.slug}`)].map((p) => `<url><loc>https://www.example.com${p}</loc></url>`).join("")}</urlset>\n`,
      );
      const manifest: SiteManifest = {
        version: 3,
        connectOrigins: [],
        dynamicRoutePrefixes: ["/careers/"],
        liveChat: false,
        pages: Object.fromEntries(
          Object.entries(pages).map(([file, html]) => [
            file,
            { scriptHashes: [hashSource(/<script>(.*?)<\/script>/.exec(html)![1]!)], styleHashes: [] },
          ]),
        ),
      };
      await writeFile(path.join(outputDir, SITE_MANIFEST_FILE), JSON.stringify(manifest));
      await writeFile(path.join(outputDir, "nginx-site.conf"), nginxConf(manifest));
    },
  };
}
