export * from "./lead";
export * from "./retention";
export * from "./audit";
