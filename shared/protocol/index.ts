export * from "./codes.ts";
export * from "./http.ts";
export * from "./messages.ts";
export * from "./accounts.ts";
