/**
 * Reported on the console whenever a script chunk cannot be loaded (spec §8). A module of its own, with
 * no import: the content pages' islands loader reports with it before any framework code is loaded.
 */
export const CHUNK_FAILED_MESSAGE = "Loading chunk failed";
