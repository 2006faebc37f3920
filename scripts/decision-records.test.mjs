// Every decision record follows docs/decisions/TEMPLATE.md (a title; Status and Date first; Context,
// Decision, Consequences, in this order) and docs/decisions/README.md lists each one, with its title,
// status and date as the record gives them.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { marked } from "marked";
import { describe, expect, it } from "vitest";

const dir = fileURLToPath(new URL("../docs/decisions/", import.meta.url));
const RECORD = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const STATUS = /^(proposed|accepted|withdrawn|superseded by \d{4})\b/;
const SECTIONS = ["Context", "Decision", "Consequences"];

const records = readdirSync(dir)
  .filter((f) => RECORD.test(f))
  .sort();

/** What a record says of itself, or the ways it departs from the template. */
function readRecord(text) {
  const problems = [];
  const tokens = marked.lexer(text).filter((t) => t.type !== "space" && t.type !== "html");
  const [title, meta] = tokens;
  if (title?.type !== "heading" || title.depth !== 1) problems.push("does not start with a # title");
  const fields = meta?.type === "list" ? meta.items.map((i) => /^([A-Z][\w ]*): (.+)$/s.exec(i.text)) : [];
  if (fields.length < 2 || fields.some((f) => !f))
    problems.push("has no list of - Name: value after the title");
  const [status, date] = fields;
  if (status?.[1] !== "Status" || !STATUS.test(status[2]))
    problems.push("- Status: must come first: proposed, accepted, withdrawn or superseded by NNNN");
  const day = date?.[2] ?? "";
  if (
    date?.[1] !== "Date" ||
    !/^\d{4}-\d{2}-\d{2}$/.test(day) ||
    new Date(day).toISOString().slice(0, 10) !== day
  )
    problems.push("- Date: must come second, written YYYY-MM-DD");
  const sections = tokens.filter((t) => t.type === "heading" && t.depth === 2).map((t) => t.text);
  if (JSON.stringify(sections) !== JSON.stringify(SECTIONS))
    problems.push(`has sections ${JSON.stringify(sections)}, not ${JSON.stringify(SECTIONS)}`);
  if (tokens.some((t, i) => t.type === "heading" && t.depth === 1 && i > 0))
    problems.push("has a second # title");
  return {
    problems,
    title: title?.text,
    status: STATUS.exec(status?.[2] ?? "")?.[1],
    date: day,
  };
}

/** The index's rows: the linked file, and the title, status and date it gives. */
function indexRows() {
  const table = marked
    .lexer(readFileSync(path.join(dir, "README.md"), "utf8"))
    .find((t) => t.type === "table");
  if (!table) throw new Error("docs/decisions/README.md has no table of records");
  return table.rows.map(([record, title, status, date]) => ({
    file: record.tokens.find((t) => t.type === "link")?.href,
    title: title.text,
    status: status.text,
    date: date.text,
  }));
}

describe("decision records", () => {
  it("all follow the template", () => {
    expect(records.length).toBeGreaterThan(0);
    const problems = records.flatMap((f) =>
      readRecord(readFileSync(path.join(dir, f), "utf8")).problems.map((p) => `${f} ${p}`),
    );
    expect(problems).toEqual([]);
    expect(readRecord(readFileSync(path.join(dir, "TEMPLATE.md"), "utf8")).problems).toEqual([]);
  });

  it("each have a number of their own", () => {
    const numbers = records.map((f) => f.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it("are all in the index, with the title, status and date they give, and nothing else is", () => {
    const rows = indexRows();
    expect(rows.map((r) => r.file)).toEqual(records);
    for (const row of rows) {
      const { title, status, date } = readRecord(readFileSync(path.join(dir, row.file), "utf8"));
      expect({ title: row.title, status: row.status, date: row.date }, row.file).toEqual({
        title,
        status,
        date,
      });
    }
  });

  it("tell a record that departs from the template", () => {
    const good = readFileSync(path.join(dir, "TEMPLATE.md"), "utf8");
    expect(readRecord(good.replace("## Consequences", "## What follows")).problems).toEqual([
      'has sections ["Context","Decision","What follows"], not ["Context","Decision","Consequences"]',
    ]);
    expect(readRecord(good.replace("- Date: 2026-11-28", "- Date: 28 November")).problems).toEqual([
      "- Date: must come second, written YYYY-MM-DD",
    ]);
    expect(readRecord(good.replace("- Status: accepted", "- Status: done")).problems).toEqual([
      "- Status: must come first: proposed, accepted, withdrawn or superseded by NNNN",
    ]);
  });
});
