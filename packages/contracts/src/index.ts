export * from "./lead";
export * from "./challenge";
export * from "./retention";
export * from "./audit";
export * from "./vitals";
