// docs/configuration.md is the schemas' reference, regenerated in memory and compared; every variable
// the code reads is on it.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { COMMAND, PAGE, checkPage, renderReference } from "./config-reference.mjs";

const root = new URL("..", import.meta.url);

describe(PAGE, () => {
  it("is what the schemas generate", async () => {
    const [current, expected] = await checkPage();
    expect(current, `${PAGE} is out of date: run \`${COMMAND}\` and commit the page`).toBe(expected);
    // jiti compiles five config modules: 1 s alone, up to 8 s on a loaded 2-core machine.
  }, 30_000);

  it("names every variable the code, the tests and the scripts read", () => {
    const files = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
      .split("\0")
      .filter((f) => /\.(ts|tsx|mts|js|mjs|cjs|sh)$/.test(f) || f.startsWith(".ci/"));
    const read = new Set();
    for (const file of files) {
      const text = readFileSync(new URL(file, root), "utf8");
      // process.env.X, env.X, env["X"] for an upper-case X (not Vite's import.meta.env), and a shell's ${X:-default}.
      const patterns = [
        /(?<!import\.meta\.)\benv(?:\.([A-Z][A-Z0-9_]+)\b|\["([A-Z][A-Z0-9_]+)"\])/g,
        /\$\{([A-Z][A-Z0-9_]+):-/g,
      ];
      for (const pattern of patterns) {
        for (const match of text.matchAll(pattern)) read.add(match[1] ?? match[2]);
      }
    }
    // The shell's and the operating system's own.
    for (const name of ["HOME", "PATH", "TMPDIR"]) read.delete(name);
    expect(read.size).toBeGreaterThan(40);
    const page = readFileSync(new URL(PAGE, root), "utf8");
    const missing = [...read].filter((name) => !page.includes(`\`${name}\``)).sort();
    expect(missing, `variables read but not in ${PAGE}: add them (the schemas' via .meta())`).toEqual([]);
  });
});

describe("renderReference", () => {
  const source = (properties) => ({
    heading: "Test",
    file: "test.ts",
    intro: "Test.",
    jsonSchema: { type: "object", properties },
  });
  const render = (...sources) => renderReference({ sources, repoRoot: "/repo" });

  it("renders a row per variable, with defaults and allowed values from the schema", () => {
    const reference = render(
      source({
        COLOUR: { type: "string", enum: ["red", "green", "blue"], default: "red", description: "The colour" },
        DIR: { type: "string", default: "/repo/data", description: "A dir", values: "a directory" },
        PORT: { type: "integer", minimum: 0, maximum: 65535, default: 3000, description: "A port" },
        LIST: { type: "string", default: "", description: "A | list", values: "comma-separated" },
        KEY: { type: "string", description: "A key", defaultText: "derived", values: "any" },
      }),
    );
    expect(reference).toContain("| `COLOUR` | `red` | The colour | `red`, `green` or `blue` |");
    expect(reference).toContain("| `DIR` | `<repo>/data` | A dir | a directory |");
    expect(reference).toContain("| `PORT` | `3000` | A port | a whole number from 0 to 65535 |");
    expect(reference).toContain("| `LIST` | none | A \\| list | comma-separated |");
    expect(reference).toContain("| `KEY` | derived | A key | any |");
  });

  it("refuses a variable without a description, or whose allowed values it cannot tell, naming the command", () => {
    expect(() => render(source({ NEW_VAR: { type: "integer" } }))).toThrow(
      /NEW_VAR \(test\.ts\): has no description.*npm run docs:config/,
    );
    expect(() => render(source({ NEW_URL: { type: "string", description: "A URL" } }))).toThrow(
      /NEW_URL \(test\.ts\): .*\.meta\(\{ values \}\)/,
    );
  });

  it("refuses a variable defined in two schemas", () => {
    const twice = { PORT: { type: "integer", description: "A port" } };
    expect(() => render(source(twice), { ...source(twice), file: "other.ts" })).toThrow(
      /PORT \(other\.ts\): also defined in test\.ts/,
    );
  });
});
