import { z } from "zod";
import { type EditorField, editorFields } from "./schema/fields";

// Walking a content schema alongside the data it describes: the editor's name of a place in a file
// (issues.ts), what may be filled in there (placeholders.ts), what changed (changes.ts).

/** The schema under optional(), a transform or a default. */
export const unwrap = (schema: z.ZodType): z.ZodType => {
  let s = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodPipe || s instanceof z.ZodDefault) {
    s = (s instanceof z.ZodPipe ? s.in : s.unwrap()) as z.ZodType;
  }
  return s;
};

/** How the editor shows a field (schema/fields.ts), if it was built by one of its constructors. */
export const metaOf = (schema: z.ZodType): EditorField | undefined =>
  (editorFields.get(schema) ?? editorFields.get(unwrap(schema))) as EditorField | undefined;

/** The kinds of a `blocks` list's items, by discriminant (`{ discriminant, value }` each). */
export function blockKinds(union: z.ZodDiscriminatedUnion): Map<string, z.ZodType> {
  return new Map(
    (union.options as z.ZodObject[]).map((o) => {
      const shape = o.shape as { discriminant: z.ZodLiteral<string>; value: z.ZodType };
      return [shape.discriminant.value, shape.value];
    }),
  );
}

const property = (data: unknown, key: PropertyKey): unknown =>
  data && typeof data === "object" ? (data as Record<PropertyKey, unknown>)[key] : undefined;

/** A list item's name: the value of the field that names it (a job's title), else its position. */
function itemName(list: z.ZodType, item: unknown, index: number): string {
  const meta = editorFields.get(list);
  let field: string | undefined;
  let fields = item;
  if (meta?.kind === "list") field = meta.itemLabel;
  if (meta?.kind === "blocks") {
    const kind = property(item, "discriminant");
    field = typeof kind === "string" ? meta.members[kind]?.itemLabel : undefined;
    fields = property(item, "value");
  }
  const named = field ? property(fields, field) : undefined;
  return typeof named === "string" && named.trim() ? named.trim() : `item ${index + 1}`;
}

/** One step down a path: the schema and data there, and the editor's label of it (null: no level of its own). */
export function descend(
  schema: z.ZodType | undefined,
  key: PropertyKey,
  data: unknown,
): { schema: z.ZodType | undefined; data: unknown; label: string | null } {
  const here = schema ? unwrap(schema) : undefined;
  const next = property(data, key);
  if (here instanceof z.ZodArray && typeof key === "number") {
    return { schema: here.element as z.ZodType, data: next, label: itemName(here, next, key) };
  }
  if (here instanceof z.ZodDiscriminatedUnion) {
    if (key === "discriminant") return { schema: undefined, data: next, label: "Kind" };
    const kind = property(data, "discriminant");
    const value = typeof kind === "string" ? blockKinds(here).get(kind) : undefined;
    if (key === "value" && value) return { schema: value, data: next, label: null };
  }
  if (here instanceof z.ZodObject && typeof key === "string") {
    const child = here.shape[key] as z.ZodType | undefined;
    return { schema: child, data: next, label: (child && metaOf(child)?.label) ?? key };
  }
  return { schema: undefined, data: next, label: String(key) };
}

/** The schemas along a path, from the file's down to the place's own. */
export function schemasAlong(schema: z.ZodType, path: readonly PropertyKey[], data: unknown): z.ZodType[] {
  const out = [schema];
  let s: z.ZodType | undefined = schema;
  let d = data;
  for (const key of path) {
    ({ schema: s, data: d } = descend(s, key, d));
    if (!s) break;
    out.push(s);
  }
  return out;
}
