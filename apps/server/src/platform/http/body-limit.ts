// A route's body limit, derived from its contract: the largest JSON text a valid body can be, so the
// limit and the schema cannot disagree (issue 33: a chat message of 5,000 four-byte characters, valid
// by the contract, met a 16 KB limit). Every route with a zod body schema gets it (bodyLimitHook).
import type { RouteOptions } from "fastify";
import { z } from "zod";
import { patternMaxLength } from "./pattern-length";

/** Each UTF-16 unit of a string at its most in JSON: `\uXXXX` (a sender may escape any character). */
const BYTES_PER_UNIT = 6;
/** The longest JSON number: -1.7976931348623157e+308. */
const NUMBER_BYTES = 24;
/**
 * Room for a value the contract leaves without an upper bound: the honeypot field takes anything (a
 * filled one is stored as spam), the proof of work's solution anything the service then judges (a
 * real one is about 600 bytes), an ISO time any number of fraction digits. body-limit.test.ts lists
 * every such field of a public route, so a new one is a decision, not an accident.
 */
export const OPEN_VALUE_BYTES = 1024;
/** Room for whitespace a sender's JSON encoder may add between the tokens (pretty-printing). */
const WHITESPACE_BYTES = 1024;

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  maxItems?: number;
  maxLength?: number;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

const stringBytes = (units: number) => 2 + BYTES_PER_UNIT * units;
const literalBytes = (value: unknown) =>
  typeof value === "string" ? stringBytes(value.length) : JSON.stringify(value).length;

/** Walks a body's JSON Schema; `open` collects the paths of values without an upper bound. */
class Measure {
  readonly open: string[] = [];
  constructor(private readonly defs: Record<string, JsonSchema>) {}

  private unbounded(path: string) {
    this.open.push(path || "(body)");
    return OPEN_VALUE_BYTES;
  }

  largest(schema: JsonSchema, path: string): number {
    if (schema.$ref) {
      const target = this.defs[schema.$ref.replace(/^#\/\$defs\//, "")];
      return target ? this.largest(target, path) : this.unbounded(path);
    }
    const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
    if (options) return Math.max(...options.map((o) => this.largest(o, path)));
    if ("const" in schema) return literalBytes(schema.const);
    if (schema.enum) return Math.max(...schema.enum.map(literalBytes));
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    if (types.length === 0) return this.unbounded(path);
    return Math.max(...types.map((type) => this.ofType(type, schema, path)));
  }

  private ofType(type: string, schema: JsonSchema, path: string): number {
    switch (type) {
      case "null":
        return 4;
      case "boolean":
        return 5;
      case "number":
      case "integer":
        return NUMBER_BYTES;
      case "string": {
        const lengths = [schema.maxLength, schema.pattern ? patternMaxLength(schema.pattern) : undefined];
        const bounded = lengths.filter((l): l is number => l !== undefined);
        return bounded.length ? stringBytes(Math.min(...bounded)) : this.unbounded(path);
      }
      case "array": {
        const fixed = (schema.prefixItems ?? []).map((s, i) => this.largest(s, `${path}[${i}]`));
        if (schema.items && schema.maxItems === undefined) return this.unbounded(path);
        const item = schema.items ? this.largest(schema.items, `${path}[]`) : 0;
        return 2 + (schema.maxItems ?? fixed.length) * (Math.max(item, ...fixed) + 1);
      }
      case "object":
        return Object.entries(schema.properties ?? {}).reduce(
          (total, [key, value]) => total + literalBytes(key) + 1 + this.largest(value, `${path}.${key}`) + 1,
          2,
        );
      default:
        return this.unbounded(path);
    }
  }
}

/**
 * The largest JSON body a valid request can send for `schema` (as its input: before trims and
 * transforms), with room for whitespace, and the paths of the values given OPEN_VALUE_BYTES.
 */
export function bodyLimitOf(schema: z.ZodType): { bytes: number; open: string[] } {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  const measure = new Measure(json.$defs ?? {});
  const bytes = measure.largest(json, "") + WHITESPACE_BYTES;
  return { bytes, open: measure.open };
}

/** An onRoute hook: a route with a zod body schema takes the body its contract allows, and no more. */
export function bodyLimitHook(route: RouteOptions) {
  const body = route.schema?.body;
  if (body instanceof z.ZodType) route.bodyLimit = bodyLimitOf(body).bytes;
}
