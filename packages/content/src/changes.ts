import { z } from "zod";
import { KINDS, kindOfFile } from "./kinds";
import { parseYaml } from "./load";
import { blockKinds, metaOf, unwrap } from "./schema-walk";

// What a publish changed, in the editor's words, for its commit message and the desk's history:
// "Openings: added “QA Engineer Intern”", "Openings › Software Engineer Intern › Title: “…” → “…”".

const MAX_LINES = 20;
const SHORT = 80;

const quote = (v: unknown) => `“${String(v)}”`;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const join = (path: readonly string[]) => path.join(" › ");

function leafChange(path: string[], before: unknown, after: unknown): string {
  const short = (v: unknown) => typeof v !== "object" && String(v ?? "").length <= SHORT;
  if (before === undefined || before === null || before === "")
    return `${join(path)}: set to ${quote(after)}`;
  if (after === undefined || after === null || after === "") return `${join(path)}: cleared`;
  return short(before) && short(after)
    ? `${join(path)}: ${quote(before)} → ${quote(after)}`
    : `${join(path)}: changed`;
}

function diff(schema: z.ZodType, before: unknown, after: unknown, path: string[], out: string[]) {
  if (same(before, after)) return;
  const meta = metaOf(schema);
  const inner = unwrap(schema);
  if (
    inner instanceof z.ZodObject &&
    before &&
    after &&
    typeof before === "object" &&
    typeof after === "object"
  ) {
    for (const [key, child] of Object.entries(inner.shape as Record<string, z.ZodType>)) {
      const label = metaOf(child)?.label ?? key;
      diff(
        child,
        (before as Record<string, unknown>)[key],
        (after as Record<string, unknown>)[key],
        [...path, label],
        out,
      );
    }
    return;
  }
  if (inner instanceof z.ZodArray && Array.isArray(before) && Array.isArray(after) && meta?.kind === "list") {
    const element = inner.element as z.ZodType;
    const labelKey = meta.itemLabel;
    const key = meta.itemKey ?? labelKey;
    const keyOf = (item: unknown) =>
      key && item && typeof item === "object" ? (item as Record<string, unknown>)[key] : item;
    const nameOf = (item: unknown) =>
      quote(
        labelKey && item && typeof item === "object" ? (item as Record<string, unknown>)[labelKey] : item,
      );
    const beforeKeys = before.map((i) => JSON.stringify(keyOf(i)));
    const afterKeys = after.map((i) => JSON.stringify(keyOf(i)));
    const here = path.length ? join(path) : meta.label;
    for (const item of after.filter((_, i) => !beforeKeys.includes(afterKeys[i]!)))
      out.push(`${here}: added ${nameOf(item)}`);
    for (const item of before.filter((_, i) => !afterKeys.includes(beforeKeys[i]!)))
      out.push(`${here}: removed ${nameOf(item)}`);
    if (!(element instanceof z.ZodObject)) {
      const kept = afterKeys.filter((k) => beforeKeys.includes(k));
      if (
        !same(
          kept,
          beforeKeys.filter((k) => afterKeys.includes(k)),
        )
      )
        out.push(`${here}: reordered`);
      return;
    }
    const kept = afterKeys.filter((k) => beforeKeys.includes(k));
    if (
      !same(
        kept,
        beforeKeys.filter((k) => afterKeys.includes(k)),
      )
    )
      out.push(`${here}: reordered`);
    after.forEach((item, i) => {
      const j = beforeKeys.indexOf(afterKeys[i]!);
      if (j >= 0) diff(element, before[j], item, [...path, nameOf(before[j]).slice(1, -1)], out);
    });
    return;
  }
  if (
    inner instanceof z.ZodArray &&
    inner.element instanceof z.ZodDiscriminatedUnion &&
    meta?.kind === "blocks"
  ) {
    diffBlocks(inner.element, meta.members, before, after, path, out);
    return;
  }
  out.push(leafChange(path, before, after));
}

type Block = { discriminant?: unknown; value?: unknown };

/** Items of several kinds (a privacy section's texts and activities): compared place by place. */
function diffBlocks(
  union: z.ZodDiscriminatedUnion,
  members: Readonly<Record<string, { label: string; itemLabel?: string }>>,
  before: unknown,
  after: unknown,
  path: string[],
  out: string[],
) {
  const [a, b] = [before, after].map((v) => (Array.isArray(v) ? (v as Block[]) : []));
  const kinds = blockKinds(union);
  const nameOf = (item: Block | undefined, i: number) => {
    const field = members[String(item?.discriminant)]?.itemLabel;
    const named = field && item?.value ? (item.value as Record<string, unknown>)[field] : undefined;
    return typeof named === "string" ? named : `item ${i + 1}`;
  };
  for (let i = 0; i < Math.max(a!.length, b!.length); i++) {
    const [x, y] = [a![i], b![i]];
    const kind = kinds.get(String(y?.discriminant));
    if (!x) out.push(`${join(path)}: added ${quote(nameOf(y, i))}`);
    else if (!y) out.push(`${join(path)}: removed ${quote(nameOf(x, i))}`);
    else if (x.discriminant !== y.discriminant || !kind)
      out.push(`${join([...path, nameOf(y, i)])}: replaced`);
    else diff(kind, x.value, y.value, [...path, nameOf(x, i)], out);
  }
}

/**
 * What changed in one content file (relative to content/) between two versions (undefined: absent),
 * as lines for a commit message.
 */
export function describeFileChange(
  file: string,
  before: Uint8Array | undefined,
  after: Uint8Array | undefined,
): string[] {
  if (!before) return ["added"];
  if (!after) return ["removed"];
  const kind = kindOfFile(file);
  if (!kind) return ["replaced"];
  const parse = (bytes: Uint8Array) => parseYaml(Buffer.from(bytes).toString("utf8"));
  const [a, b] = [parse(before), parse(after)];
  if (!a.ok || !b.ok) return ["changed (the file is not valid YAML)"];
  const out: string[] = [];
  diff(KINDS[kind].schema, a.data, b.data, [], out);
  if (!out.length) return ["layout of the file changed (no value did)"];
  return out.length > MAX_LINES
    ? [...out.slice(0, MAX_LINES), `… and ${out.length - MAX_LINES} more changes`]
    : out;
}
