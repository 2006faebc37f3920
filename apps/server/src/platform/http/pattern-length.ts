// The longest string a regular expression (a contract's `pattern`) can match in whole, from its
// syntax tree (@eslint-community/regexpp): how an id, a token or a date bounds a body's size.
import { RegExpParser } from "@eslint-community/regexpp";
import type { Alternative, Element } from "@eslint-community/regexpp/ast";

const parser = new RegExpParser();

function alternativeLength(alternative: Alternative): number | undefined {
  let total = 0;
  for (const element of alternative.elements) {
    const length = elementLength(element);
    if (length === undefined) return undefined;
    total += length;
  }
  return total;
}

function longest(alternatives: Alternative[]): number | undefined {
  const lengths = alternatives.map(alternativeLength);
  return lengths.some((l) => l === undefined) ? undefined : Math.max(0, ...(lengths as number[]));
}

/** In UTF-16 units (the patterns have no `u` flag: a character class matches one unit). */
function elementLength(element: Element): number | undefined {
  switch (element.type) {
    case "Assertion":
      return 0;
    case "Character":
    case "CharacterSet":
    case "CharacterClass":
    case "ExpressionCharacterClass":
      return 1;
    case "Group":
    case "CapturingGroup":
      return longest(element.alternatives);
    case "Quantifier": {
      if (!Number.isFinite(element.max)) return undefined;
      const each = elementLength(element.element);
      return each === undefined ? undefined : each * element.max;
    }
    default:
      // A back-reference: as long as what it refers to, which this does not follow.
      return undefined;
  }
}

/**
 * The longest string `pattern` matches in whole, or undefined: when some alternative is not anchored
 * at both ends (`^…$`, so a longer string can hold a match) or repeats without a bound (`+`, `*`).
 */
export function patternMaxLength(pattern: string): number | undefined {
  let alternatives: Alternative[];
  try {
    alternatives = parser.parsePattern(pattern).alternatives;
  } catch {
    return undefined;
  }
  const anchored = alternatives.every((a) => {
    const first = a.elements[0];
    const last = a.elements[a.elements.length - 1];
    return (
      first?.type === "Assertion" &&
      first.kind === "start" &&
      last?.type === "Assertion" &&
      last.kind === "end"
    );
  });
  return anchored ? longest(alternatives) : undefined;
}
