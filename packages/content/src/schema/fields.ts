import { z } from "zod";

/**
 * How the editor shows a field. The schema constructors below put it beside the zod schema they build,
 * so each field is described once: the build validates with the zod schema, the editor's form is
 * generated from the same schema and this description (editor/keystatic-schema.ts).
 */
export type EditorField =
  | {
      kind: "text";
      label: string;
      description?: string;
      multiline?: boolean;
      optional?: boolean;
      max: number;
      pattern?: { regex: RegExp; message: string };
      filledBySite?: readonly string[];
    }
  | { kind: "rich-text"; label: string; description?: string }
  | { kind: "image"; label: string; description?: string }
  | { kind: "select"; label: string; description?: string; options: readonly SelectOption[] }
  | { kind: "checkbox"; label: string; description?: string }
  | { kind: "number"; label: string; description?: string; decimals: 0 | 2; min: number; max: number }
  | { kind: "object"; label: string; description?: string; filledBySite?: readonly string[] }
  | {
      kind: "blocks";
      label: string;
      description?: string;
      /** Each kind of item: its name in the editor, and the field shown in the list (an activity's title). */
      members: Readonly<Record<string, { label: string; itemLabel?: string }>>;
      min: number;
      max: number;
    }
  | {
      kind: "list";
      label: string;
      description?: string;
      /** The field of an item shown in the list (a job's title). */
      itemLabel?: string;
      /** The field that identifies an item across edits (a job's address), else itemLabel. */
      itemKey?: string;
      min: number;
      max: number;
    };

interface SelectOption {
  value: string;
  label: string;
}

/** Editor descriptions of the schemas built here. */
export const editorFields = z.registry<EditorField>();

interface Described {
  description?: string;
}

/**
 * Placeholders the site fills in when it shows the text, rather than when the content is read (a
 * build setting such as {retention.enquiryMonths}, or a value known only in the browser such as a
 * colleague's {name}): allowed in this field, or in every field of this group.
 */
interface FilledBySite {
  filledBySite?: readonly string[];
}

const required = (label: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`;

/** One line of text (or a paragraph, `multiline`), required unless `optional`: empty counts as missing. */
export function text(
  label: string,
  options: Described &
    FilledBySite & {
      multiline?: boolean;
      max?: number;
      pattern?: { regex: RegExp; message: string };
    } = {},
) {
  const max = options.max ?? (options.multiline ? 1500 : 200);
  let schema = z
    .string({ error: required(label) })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} is longer than ${max} characters` });
  if (options.pattern) schema = schema.regex(options.pattern.regex, { error: options.pattern.message });
  editorFields.add(schema, { kind: "text", label, max, ...options });
  return schema;
}

/** Optional text: absent, or empty in the file, both mean "none". */
export function optionalText(label: string, options: Described & { multiline?: boolean; max?: number } = {}) {
  const max = options.max ?? (options.multiline ? 1500 : 200);
  const schema = z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} is longer than ${max} characters` })
    .optional()
    .transform((v) => (v ? v : undefined));
  editorFields.add(schema, { kind: "text", label, max, optional: true, ...options });
  return schema;
}

/** Rich text written in Markdoc (paragraphs, bold, italic, links, lists); rendered at build time. */
export function richText(label: string, options: Described = {}) {
  const schema = z
    .string({ error: required(label) })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(10_000, { error: `${label} is longer than 10000 characters` });
  editorFields.add(schema, { kind: "rich-text", label, ...options });
  return schema;
}

/** The web path of an uploaded image (PNG, JPEG or WebP under /images/uploads/), or none. */
export const UPLOADS_PUBLIC_PATH = "/images/uploads/";
/** Where uploaded images are kept, relative to the content folder. */
export const UPLOADS_DIRECTORY = "images";
const UPLOAD_FILE_NAME = /^[a-z0-9][a-z0-9._-]{0,120}\.(png|jpe?g|webp)$/;

export function image(label: string, options: Described = {}) {
  const schema = z
    .string({ error: `${label} must be an image path` })
    .refine(
      (v) => v.startsWith(UPLOADS_PUBLIC_PATH) && UPLOAD_FILE_NAME.test(v.slice(UPLOADS_PUBLIC_PATH.length)),
      {
        error: `${label} must be a PNG, JPEG or WebP image uploaded in the editor`,
      },
    )
    .optional();
  editorFields.add(schema, { kind: "image", label, ...options });
  return schema;
}

/** One of a fixed list of values. */
export function select<const V extends string>(
  label: string,
  options: readonly { value: V; label: string }[],
  described: Described = {},
) {
  const values = options.map((o) => o.value) as [V, ...V[]];
  const schema = z.enum(values, {
    error: `${label} must be one of: ${options.map((o) => o.label).join(", ")}`,
  });
  editorFields.add(schema, { kind: "select", label, options, ...described });
  return schema;
}

export function checkbox(label: string, options: Described = {}) {
  const schema = z.boolean({ error: `${label} must be yes or no` });
  editorFields.add(schema, { kind: "checkbox", label, ...options });
  return schema;
}

/** A price in pounds and pence (two decimals at most). */
export function amount(label: string, options: Described = {}) {
  const max = 1_000_000;
  const schema = z
    .number({ error: `${label} must be a number` })
    .min(0, { error: `${label} cannot be negative` })
    .max(max, { error: `${label} must be at most ${max}` })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      error: `${label} has more than two decimals`,
    });
  editorFields.add(schema, { kind: "number", label, decimals: 2, min: 0, max, ...options });
  return schema;
}

/** A whole number between `min` and `max`. */
export function wholeNumber(label: string, options: Described & { min: number; max: number }) {
  const { min, max } = options;
  const message = `${label} must be a whole number from ${min} to ${max}`;
  const schema = z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
  editorFields.add(schema, { kind: "number", label, decimals: 0, ...options });
  return schema;
}

/** A group of fields; unknown keys are refused (a misspelt field name is an error, not ignored). */
export function group<const S extends z.core.$ZodLooseShape>(
  label: string,
  shape: S,
  options: Described & FilledBySite = {},
) {
  const schema = z.strictObject(shape, {
    error: (issue) => (issue.code === "unrecognized_keys" ? undefined : `${label} must be a group of fields`),
  });
  editorFields.add(schema, { kind: "object", label, ...options });
  return schema;
}

/** A list the editor can add to, reorder and remove from; `itemLabel` names the field shown in the list. */
export function list<T extends z.ZodType>(
  label: string,
  item: T,
  options: Described & { itemLabel?: string; itemKey?: string; min?: number; max?: number } = {},
) {
  const min = options.min ?? 1;
  const max = options.max ?? 50;
  const schema = z
    .array(item, { error: `${label} must be a list` })
    .min(min, {
      error: min === 1 ? `${label} needs at least one item` : `${label} needs at least ${min} items`,
    })
    .max(max, { error: `${label} has more than ${max} items` });
  editorFields.add(schema, { kind: "list", label, min, max, ...options });
  return schema;
}

/** One kind of item of a `blocks` list: its name in the editor, its fields, the field shown in the list. */
interface BlockKind {
  label: string;
  schema: z.ZodObject;
  itemLabel?: string;
}
type BlockOf<M extends Record<string, BlockKind>> = {
  [K in keyof M & string]: { discriminant: K; value: z.output<M[K]["schema"]> };
}[keyof M & string];

/**
 * A list whose items are of several kinds (a paragraph, or a processing activity), each stored as the
 * editor stores it: `{ discriminant: <kind>, value: <its fields> }`.
 */
export function blocks<const M extends Record<string, BlockKind>>(
  label: string,
  members: M,
  options: Described & { min?: number; max?: number } = {},
) {
  const min = options.min ?? 1;
  const max = options.max ?? 50;
  const kinds = Object.keys(members);
  const variants = Object.entries(members).map(([kind, member]) =>
    z.strictObject({ discriminant: z.literal(kind), value: member.schema }),
  );
  const item = z.discriminatedUnion("discriminant", variants as [(typeof variants)[number]], {
    error: `Each item of ${label} must be one of: ${kinds.join(", ")}`,
  });
  const schema = z
    .array(item, { error: `${label} must be a list` })
    .min(min, { error: `${label} needs at least ${min === 1 ? "one item" : `${min} items`}` })
    .max(max, { error: `${label} has more than ${max} items` });
  editorFields.add(schema, {
    kind: "blocks",
    label,
    min,
    max,
    members: Object.fromEntries(
      Object.entries(members).map(([kind, { label: memberLabel, itemLabel }]) => [
        kind,
        { label: memberLabel, ...(itemLabel ? { itemLabel } : {}) },
      ]),
    ),
    ...(options.description ? { description: options.description } : {}),
  });
  return schema as unknown as z.ZodType<BlockOf<M>[]>;
}

/** Lower-case words joined by hyphens: the last part of a page's address. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function slug(label: string, options: Described = {}) {
  return text(label, {
    max: 80,
    pattern: {
      regex: SLUG,
      message: `${label} must be lower-case letters, digits and single hyphens (e.g. qa-engineer-intern)`,
    },
    ...options,
  });
}
