import { randomBytes } from "node:crypto";
import { mkdir, readdir, readlink, rename, rm, symlink } from "node:fs/promises";
import path from "node:path";

/**
 * The builds publishes make, under SITE_RELEASES_DIR:
 *   releases/<time>-<commit>/   one folder per build (client/, site-manifest.json, nginx-site.conf)
 *   live -> releases/<name>     the build the site serves (WEB_BUILD_DIR=…/live/client; nginx's root)
 * A new build goes to a new folder; `live` is switched with rename(2) over a fresh link, so every
 * reader sees the old build or the new one, never a mix, and requests in flight finish on the old.
 */
export class Releases {
  constructor(readonly dir: string) {}

  private get releasesDir() {
    return path.join(this.dir, "releases");
  }

  /** A new, empty folder for the build of `commit`. */
  async create(commit: string, at: Date): Promise<{ name: string; dir: string }> {
    const stamp = at
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d+Z$/, "Z");
    const name = `${stamp}-${commit.slice(0, 12)}-${randomBytes(3).toString("hex")}`;
    const dir = path.join(this.releasesDir, name);
    await mkdir(dir, { recursive: true });
    return { name, dir };
  }

  /** Points `live` at a release, atomically. */
  async switchTo(name: string): Promise<void> {
    const temporary = path.join(this.dir, `.live-${randomBytes(6).toString("hex")}`);
    await symlink(path.join("releases", name), temporary);
    await rename(temporary, path.join(this.dir, "live"));
  }

  /** The release `live` points at, or null before the first publish. */
  async live(): Promise<string | null> {
    try {
      return path.basename(await readlink(path.join(this.dir, "live")));
    } catch {
      return null;
    }
  }

  /** Removes a release (a failed build's). */
  async remove(name: string): Promise<void> {
    await rm(path.join(this.releasesDir, name), { recursive: true, force: true });
  }

  /**
   * Keeps the live release and the `keep` newest others (for a quick look back, and for any instance
   * still switching over), removing the rest.
   */
  async prune(keep = 4): Promise<void> {
    const live = await this.live();
    const names = (await readdir(this.releasesDir).catch(() => [] as string[])).sort().reverse();
    const old = names.filter((n) => n !== live).slice(keep);
    for (const name of old) await this.remove(name);
  }
}
