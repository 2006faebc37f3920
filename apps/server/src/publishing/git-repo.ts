import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Who commits on the server's behalf (the author is always the person who published). */
const COMMITTER = { GIT_COMMITTER_NAME: "Site desk", GIT_COMMITTER_EMAIL: "desk@localhost" };

export interface Author {
  name: string;
  email: string;
}

export type FileState = "added" | "changed" | "deleted";

/**
 * The git repository that holds the content folder: the checkout it belongs to, or (where the server
 * runs from an unpacked release, with no checkout) a repository the server creates in the folder
 * itself. Every path handed in or out is relative to the content folder.
 */
export class ContentRepo {
  private constructor(
    /** The repository's top-level folder. */
    readonly root: string,
    /** The content folder inside it, "" or "content/" (with a trailing slash). */
    readonly prefix: string,
  ) {}

  static async open(contentDir: string): Promise<ContentRepo> {
    const dir = path.resolve(contentDir);
    if (!existsSync(dir)) throw new Error(`CONTENT_DIR ${dir} does not exist`);
    let root: string;
    try {
      root = (await git(dir, "rev-parse", "--show-toplevel")).trim();
    } catch {
      await git(dir, "init", "--quiet");
      await git(dir, "add", "--all", "--", ".");
      await gitWithEnv(dir, COMMITTER, [
        "commit",
        "--quiet",
        "--no-verify",
        "--allow-empty",
        "-m",
        "Content as deployed",
        "--author",
        `${COMMITTER.GIT_COMMITTER_NAME} <${COMMITTER.GIT_COMMITTER_EMAIL}>`,
      ]);
      root = dir;
    }
    const relative = path.relative(await realRoot(root), await realRoot(dir));
    return new ContentRepo(root, relative ? `${relative.split(path.sep).join("/")}/` : "");
  }

  private git(...args: string[]) {
    return git(this.root, ...args);
  }

  private pathspec() {
    return this.prefix ? this.prefix.slice(0, -1) : ".";
  }

  async head(): Promise<string> {
    return (await this.git("rev-parse", "HEAD")).trim();
  }

  /** A commit's first parent, with its author and time, or undefined for a first commit. */
  async parentOf(
    commit: string,
  ): Promise<{ commit: string; committedAt: string; author: Author } | undefined> {
    try {
      const [id, at, name, email] = (
        await this.git("log", "-1", "--format=%H%x00%aI%x00%an%x00%ae", `${commit}^`)
      )
        .trim()
        .split("\0");
      return id && at
        ? {
            commit: id,
            committedAt: new Date(at).toISOString(),
            author: { name: name ?? "", email: email ?? "" },
          }
        : undefined;
    } catch {
      return undefined;
    }
  }

  /** The full id of a commit named by a prefix of its id, or undefined. */
  async resolve(commit: string): Promise<string | undefined> {
    try {
      return (await this.git("rev-parse", "--verify", "--quiet", `${commit}^{commit}`)).trim() || undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Files of the content folder as they are now (saved, committed or not) that differ from `base`:
   * what a publish on top of `base` would change.
   */
  async changesSince(base: string): Promise<{ file: string; change: FileState }[]> {
    const changes: { file: string; change: FileState }[] = [];
    const diff = (await this.git("diff", "--name-status", "--no-renames", "-z", base, "--", this.pathspec()))
      .split("\0")
      .filter(Boolean);
    for (let i = 0; i + 1 < diff.length; i += 2) {
      const status = diff[i]!;
      const change: FileState = status === "A" ? "added" : status === "D" ? "deleted" : "changed";
      changes.push({ file: this.relative(diff[i + 1]!), change });
    }
    const untracked = await this.git(
      "ls-files",
      "--others",
      "--exclude-standard",
      "-z",
      "--",
      this.pathspec(),
    );
    for (const file of untracked.split("\0").filter(Boolean))
      changes.push({ file: this.relative(file), change: "added" });
    return changes.sort((a, b) => a.file.localeCompare(b.file));
  }

  /** Whether the working tree or the index holds changes of the content folder not committed yet. */
  async hasUncommitted(): Promise<boolean> {
    const out = await this.git("status", "--porcelain=v1", "--untracked-files=all", "--", this.pathspec());
    return out.trim() !== "";
  }

  /** The id of the content folder's tree at a commit (equal ids: the same content), or undefined. */
  async contentTree(commit: string): Promise<string | undefined> {
    const spec = this.prefix ? `${commit}:${this.prefix.slice(0, -1)}` : `${commit}:`;
    try {
      return (await this.git("rev-parse", "--verify", "--quiet", spec)).trim() || undefined;
    } catch {
      return undefined;
    }
  }

  private relative(repoPath: string) {
    return repoPath.startsWith(this.prefix) ? repoPath.slice(this.prefix.length) : repoPath;
  }

  /** A file of the content folder at a commit, or undefined where it did not exist. */
  async fileAt(commit: string, file: string): Promise<Buffer | undefined> {
    return gitBytes(this.root, ["show", `${commit}:${this.prefix}${file}`]).catch(() => undefined);
  }

  /**
   * Commits everything in the content folder (and nothing else), authored by `author`: given to git
   * as GIT_AUTHOR_NAME and GIT_AUTHOR_EMAIL, never parsed out of one "Name <address>" string.
   */
  async commit(message: string, author: Author): Promise<string> {
    await this.git("add", "--all", "--", this.pathspec());
    await gitWithEnv(
      this.root,
      { ...COMMITTER, GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email },
      ["commit", "--quiet", "--no-verify", "-m", message, "--", this.pathspec()],
    );
    return this.head();
  }

  /** Makes the content folder what it was at `commit` (files added since are removed). */
  async checkoutContent(commit: string): Promise<void> {
    const then = new Set(
      (await this.git("ls-tree", "-r", "--name-only", commit, "--", this.pathspec()))
        .split("\n")
        .filter(Boolean),
    );
    const now = (await this.git("ls-files", "--", this.pathspec())).split("\n").filter(Boolean);
    const gone = now.filter((f) => !then.has(f));
    if (gone.length) await this.git("rm", "--quiet", "--", ...gone);
    await this.git("checkout", commit, "--", this.pathspec());
  }

  /** Writes the content folder as it was at `commit` into `dir` (which must exist). */
  async exportTo(commit: string, dir: string): Promise<void> {
    const tree = this.prefix ? `${commit}:${this.prefix.slice(0, -1)}` : `${commit}:`;
    await new Promise<void>((resolve, reject) => {
      const archive = spawn("git", ["archive", "--format=tar", tree], {
        cwd: this.root,
        stdio: ["ignore", "pipe", "pipe"],
      });
      const tar = spawn("tar", ["-x", "-C", dir], { stdio: ["pipe", "ignore", "pipe"] });
      let errors = "";
      archive.stderr.on("data", (d: Buffer) => (errors += d));
      tar.stderr.on("data", (d: Buffer) => (errors += d));
      archive.stdout.pipe(tar.stdin);
      archive.on("error", reject);
      tar.on("error", reject);
      tar.on("close", (code) =>
        code === 0 ? resolve() : reject(new Error(`git archive | tar failed: ${errors}`)),
      );
    });
  }

  /** Pushes the current branch to `remote` (a URL or a remote's name). */
  async push(remote: string): Promise<void> {
    const branch = (await this.git("rev-parse", "--abbrev-ref", "HEAD")).trim();
    if (branch === "HEAD")
      throw new Error("the content repository is on no branch (detached HEAD): nothing to push");
    await this.git("push", "--quiet", remote, `HEAD:refs/heads/${branch}`);
  }
}

async function realRoot(dir: string) {
  const { realpath } = await import("node:fs/promises");
  return realpath(dir);
}

async function git(cwd: string, ...args: string[]): Promise<string> {
  return gitWithEnv(cwd, {}, args);
}

async function gitWithEnv(cwd: string, env: Record<string, string>, args: string[]): Promise<string> {
  try {
    const { stdout } = await run("git", args, {
      cwd,
      env: { ...process.env, ...env, LC_ALL: "C" },
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`git ${args[0]} failed: ${(e.stderr || e.message).trim()}`);
  }
}

async function gitBytes(cwd: string, args: string[]): Promise<Buffer> {
  const { stdout } = await run("git", args, { cwd, encoding: "buffer", maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}
