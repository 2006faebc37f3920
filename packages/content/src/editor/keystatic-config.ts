import { type ComponentSchema, type Config, config, fields, singleton } from "@keystatic/core";
import { z } from "zod";
import { imageProblem } from "../image-check";
import { EDITOR_SECTIONS, KINDS, KIND_NAMES, type KindName } from "../kinds";
import { type EditorField, UPLOADS_DIRECTORY, UPLOADS_PUBLIC_PATH } from "../schema/fields";
import { blockKinds, metaOf, unwrap } from "../schema-walk";

/** What the editor's form refuses before saving, besides what Keystatic's own validation covers. */
export type FieldCheck = (value: unknown) => string | null;

/**
 * Shows a field's own message under its input (the desk's form wraps each checked field's Input with
 * it): `always` as soon as the value is wrong (an upload), else once the person has changed the value
 * or tried to save. The server's copy of the configuration leaves Inputs alone.
 */
export type MessageWrapper = <P extends { value: unknown; forceValidation?: boolean }>(
  Input: (props: P) => unknown,
  check: FieldCheck,
  options: { always: boolean },
) => (props: P) => unknown;

type AnyField = ComponentSchema & {
  validate?: (value: unknown, ...rest: unknown[]) => unknown;
  Input?: unknown;
};

const metaOrThrow = (schema: z.ZodType): EditorField => {
  const meta = metaOf(schema);
  if (!meta)
    throw new Error(
      "a content schema field has no editor description (use the constructors of schema/fields.ts)",
    );
  return meta;
};

/** A field whose validation also runs `check`, whose Input shows its message (desk only). */
function checked(
  field: AnyField,
  check: FieldCheck,
  wrap: MessageWrapper | undefined,
  always: boolean,
): ComponentSchema {
  const validate = field.validate;
  return {
    ...field,
    validate(value: unknown, ...rest: unknown[]) {
      const problem = check(value);
      if (problem) throw new Error(problem);
      return validate ? validate.call(field, value, ...rest) : value;
    },
    ...(wrap && typeof field.Input === "function"
      ? { Input: wrap(field.Input as (props: { value: unknown }) => unknown, check, { always }) }
      : {}),
  } as ComponentSchema;
}

/** The required text fields of a list's item, [key, label] ("" for an item that is itself a text). */
function requiredTexts(element: z.ZodType): [string, string][] {
  const meta = metaOrThrow(element);
  if (meta.kind === "text") return meta.optional ? [] : [["", meta.label]];
  const inner = unwrap(element);
  if (!(inner instanceof z.ZodObject)) return [];
  return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(
    ([key, child]): [string, string][] => {
      const m = metaOrThrow(child);
      return m.kind === "text" && !m.optional ? [[key, m.label]] : [];
    },
  );
}

/** An uploaded image's bytes, as Keystatic's image field holds them. */
type ImageValue = { data: Uint8Array; filename: string; extension: string } | null;

function fieldOf(schema: z.ZodType, wrap: MessageWrapper | undefined): ComponentSchema {
  const meta = metaOrThrow(schema);
  const base = { label: meta.label, ...(meta.description ? { description: meta.description } : {}) };
  const inner = unwrap(schema);
  switch (meta.kind) {
    case "object": {
      if (!(inner instanceof z.ZodObject)) throw new Error(`${meta.label}: a group must be an object schema`);
      const shape = inner.shape as Record<string, z.ZodType>;
      return fields.object(
        Object.fromEntries(Object.entries(shape).map(([key, child]) => [key, fieldOf(child, wrap)])),
        base,
      );
    }
    case "list": {
      if (!(inner instanceof z.ZodArray)) throw new Error(`${meta.label}: a list must be an array schema`);
      const element = fieldOf(inner.element as z.ZodType, wrap);
      const itemLabel = meta.itemLabel;
      const required = requiredTexts(inner.element as z.ZodType);
      return fields.array(element, {
        ...base,
        validation: { length: { min: meta.min, max: meta.max } },
        // The item's name, and what it lacks: Keystatic's list shows no message for a field of an item.
        itemLabel: (props: unknown) => {
          const p = props as { value?: unknown; fields?: Record<string, { value?: unknown }> };
          const value = itemLabel ? p.fields?.[itemLabel]?.value : p.value;
          const name = typeof value === "string" && value.trim() ? value : "(empty)";
          const missing = required.filter(([key]) => {
            const v = key === "" ? p.value : p.fields?.[key]?.value;
            return typeof v === "string" && !v.trim();
          });
          return missing.length
            ? `${name} (${missing.map(([, label]) => `${label} is required`).join("; ")})`
            : name;
        },
      });
    }
    case "blocks": {
      if (!(inner instanceof z.ZodArray && inner.element instanceof z.ZodDiscriminatedUnion))
        throw new Error(`${meta.label}: blocks must be a list of kinds of items`);
      const kinds = blockKinds(inner.element);
      return fields.blocks(
        Object.fromEntries(
          Object.entries(meta.members).map(([kind, member]) => [
            kind,
            {
              label: member.label,
              schema: fieldOf(kinds.get(kind)!, wrap),
              // The item's name in the list: its named field (an activity's title), else its kind.
              itemLabel: (props: unknown) => {
                const named = member.itemLabel
                  ? (props as { fields?: Record<string, { value?: unknown }> }).fields?.[member.itemLabel]
                      ?.value
                  : undefined;
                return typeof named === "string" && named.trim() ? named : member.label;
              },
            },
          ]),
        ),
        { ...base, validation: { length: { min: meta.min, max: meta.max } } },
      );
    }
    case "text":
      // Keystatic shows its own message for these ("Title must not be empty") once the field is left.
      return fields.text({
        ...base,
        multiline: meta.multiline ?? false,
        validation: {
          isRequired: !meta.optional,
          length: { min: meta.optional ? 0 : 1, max: meta.max },
          ...(meta.pattern ? { pattern: meta.pattern } : {}),
        },
      });
    case "rich-text": {
      const field = fields.markdoc.inline({
        ...base,
        options: {
          heading: false,
          blockquote: false,
          code: false,
          codeBlock: false,
          table: false,
          image: false,
          divider: false,
          strikethrough: false,
        },
      }) as AnyField;
      const empty: FieldCheck = (value) => {
        const doc = (value as { doc?: { textContent?: string } } | null)?.doc;
        return doc && !doc.textContent?.trim() ? `${meta.label} is required` : null;
      };
      return checked(field, empty, wrap, false);
    }
    case "image": {
      const field = fields.image({
        ...base,
        directory: UPLOADS_DIRECTORY,
        publicPath: UPLOADS_PUBLIC_PATH,
      }) as AnyField;
      const bytes: FieldCheck = (value) => {
        const image = value as ImageValue;
        return image ? imageProblem(image.data, `${image.filename || "image"}`) : null;
      };
      return checked(field, bytes, wrap, true);
    }
    case "select":
      return fields.select({ ...base, options: meta.options, defaultValue: meta.options[0]!.value });
    case "checkbox":
      return fields.checkbox({ ...base, defaultValue: false });
    case "number":
      return meta.decimals === 0
        ? fields.integer({ ...base, validation: { isRequired: true, min: meta.min, max: meta.max } })
        : fields.number({
            ...base,
            step: 0.01,
            validation: { isRequired: true, min: meta.min, max: meta.max },
          });
  }
}

/** The singleton of one kind: its file (content/<kind>.yaml) and its form, from its schema. */
function singletonOf(kind: KindName, wrap: MessageWrapper | undefined) {
  const { file, label, schema } = KINDS[kind];
  const root = fieldOf(schema, wrap) as { fields?: Record<string, ComponentSchema> };
  if (!root.fields) throw new Error(`${file}: the schema of a file must be a group`);
  return singleton({
    label,
    path: file.replace(/\.yaml$/, ""),
    format: { data: "yaml" },
    schema: root.fields,
  });
}

/**
 * The editor's configuration, generated from the content's schemas (local storage: files under the
 * content folder, which is the API handler's base directory). `wrap` adds the form's own messages.
 */
export function keystaticConfig(options: { wrap?: MessageWrapper } = {}): Config {
  return config({
    storage: { kind: "local" },
    ui: {
      brand: { name: "Site content" },
      // Headings and names as the company says them (no "Singletons"): Pages, Lists, On every page.
      navigation: Object.fromEntries(
        Object.entries(EDITOR_SECTIONS).map(([section, title]) => [
          title,
          KIND_NAMES.filter((kind) => KINDS[kind].section === section),
        ]),
      ),
    },
    singletons: Object.fromEntries(KIND_NAMES.map((kind) => [kind, singletonOf(kind, options.wrap)])),
  });
}
