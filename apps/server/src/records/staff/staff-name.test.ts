// A member's name against git itself: every name staffNameProblem lets through is taken by git as an
// author exactly (bar the ends git trims) with our address, never another; every name it refuses for
// git's sake git refuses too. Generated names (fast-check) lean on git's own "crud" characters.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "../../../test/helpers";
import { STAFF_NAME_MAX, staffNameProblem } from "./staff-name";

const tmp = tempDir("staff-name-");
const repo = path.join(tmp.dir, "repo");
mkdirSync(repo);
const git = (args: string[], env: Record<string, string> = {}) =>
  execFileSync("git", args, {
    cwd: repo,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env, LC_ALL: "C" },
  });
git(["init", "--quiet"]);

let n = 0;
/** Commits as `name` <sam@example.com>: the author git recorded, or the error it gave. */
function commitAs(name: string): { name: string; email: string } | { refused: string } {
  writeFileSync(path.join(repo, "f"), String(n++));
  git(["add", "f"]);
  try {
    git(["commit", "--quiet", "-m", "m"], {
      GIT_AUTHOR_NAME: name,
      GIT_AUTHOR_EMAIL: "sam@example.com",
      GIT_COMMITTER_NAME: "Site desk",
      GIT_COMMITTER_EMAIL: "desk@localhost",
    });
  } catch (err) {
    return { refused: String((err as { stderr?: string }).stderr) };
  }
  const [author, email] = git(["log", "-1", "--format=%an%x00%ae"]).split("\0");
  return { name: author!, email: email!.trim() };
}

/** git's "crud": what it trims from a name's ends (ident.c). */
const CRUD = [" ", ".", ",", ":", ";", '"', "\\", "'", "\t", "<", ">"];
const nameUnit = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...CRUD) },
  { weight: 4, arbitrary: fc.constantFrom(..."abcXYZ0é李🦄-_") },
  { weight: 1, arbitrary: fc.constantFrom("\n", "\r", "\u0000", "\u0001", "\u007f", "\u0085", "\u2028") },
);
const names = fc.string({ unit: nameUnit, maxLength: 8 });

describe("a member's name as a commit's author", () => {
  afterAll(() => tmp.cleanup());

  it("refuses what the issue names: < and >, names of only dots, spaces or quotes, control characters", () => {
    for (const name of [
      "Eve <eve@evil.example>",
      "Sam>",
      "<",
      ".",
      "..",
      " . ",
      ",",
      "'",
      '"',
      "Sam\nBob",
      "\u0001",
    ])
      expect(staffNameProblem(name), JSON.stringify(name)).toBeDefined();
    expect(staffNameProblem("x".repeat(STAFF_NAME_MAX + 1))).toMatch(/at most 100 characters/);
    for (const name of ["Sam Seller", "Zoë Ñúñez 李雷", "O'Brien-Smith", "A. N. Other", "Ann Lee.", "🦄"])
      expect(staffNameProblem(name), name).toBeUndefined();
  });

  it("agrees with git: a name allowed is git's author as given (ends trimmed), one refused for git's sake git refuses", () => {
    fc.assert(
      fc.property(names, (name) => {
        const problem = staffNameProblem(name);
        const got = commitAs(name);
        if (problem === undefined) {
          expect(got).toEqual({
            name: name.replace(/^[\s.,:;"\\']+|[\s.,:;"\\']+$/g, ""),
            email: "sam@example.com",
          });
        } else if (/only dots/.test(problem)) {
          expect(got).toHaveProperty("refused");
        }
        // Whatever git does with < > or a control character, we refuse them: a name is one line of text.
      }),
      { numRuns: 80 },
    );
  });
});
