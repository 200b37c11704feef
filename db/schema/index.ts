export * from "./accounts";
export * from "./audit";
export * from "./billing";
export * from "./catalog";
export * from "./reports";
export * from "./sources";
