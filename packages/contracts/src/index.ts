export * from "./lead";
export * from "./retention";
export * from "./audit";
export * from "./vitals";
