export * from "./lead";
