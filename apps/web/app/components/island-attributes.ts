// A module of its own, with no import: the content pages' islands loader reads these before any
// framework code is loaded (docs/decisions/0022-content-page-islands.md).

/** The attribute that names a widget's root element, and the one that holds its props (JSON). */
export const ISLAND_ATTRIBUTE = "data-island";
export const ISLAND_PROPS_ATTRIBUTE = "data-island-props";
