import type { z } from "zod";
import { descend } from "./schema-walk";

/** One thing wrong with the content: which file, which field (as the editor names it), what. */
export interface ContentIssue {
  /** Relative to the content folder, e.g. "jobs.yaml". */
  file: string;
  /** Where in the file, e.g. ["openings", 3, "title"]. */
  path: (string | number)[];
  /** The same in the editor's words, e.g. "Openings › QA Engineer Intern › Title". */
  field: string;
  message: string;
}

export class ContentError extends Error {
  constructor(readonly issues: ContentIssue[]) {
    super(describeIssues(issues));
    this.name = "ContentError";
  }
}

export function describeIssues(issues: readonly ContentIssue[]): string {
  const lines = issues.map((i) => `  content/${i.file}${i.field ? ` › ${i.field}` : ""}: ${i.message}`);
  return `The site's content is invalid (${issues.length} ${issues.length === 1 ? "problem" : "problems"}):\n${lines.join("\n")}`;
}

/**
 * The editor's name of a place in a file: each level's label, and for a list item the value of the
 * field that names it (a job's title), else its position ("item 4").
 */
export function fieldName(schema: z.ZodType, path: readonly PropertyKey[], data: unknown): string {
  const parts: string[] = [];
  let s: z.ZodType | undefined = schema;
  let d: unknown = data;
  for (const key of path) {
    const step = descend(s, key, d);
    if (step.label !== null) parts.push(step.label);
    ({ schema: s, data: d } = step);
  }
  return parts.join(" › ");
}

/** A zod error on one file as content issues. */
export function issuesOf(file: string, schema: z.ZodType, data: unknown, error: z.ZodError): ContentIssue[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({
        file,
        path: [...issue.path, key] as (string | number)[],
        field: fieldName(schema, [...issue.path, key], data),
        message: `"${key}" is not a field of this file (misspelt, or no longer used?)`,
      }));
    }
    return [
      {
        file,
        path: issue.path as (string | number)[],
        field: fieldName(schema, issue.path, data),
        message: issue.message,
      },
    ];
  });
}
