export * from "./i18n/index.ts";
export * from "./errors.ts";
export * from "./permissions.ts";
export * from "./validation.ts";
export * from "./rules/password.ts";
export * from "./schemas/common.ts";
export * from "./schemas/users.ts";
export * from "./schemas/auth.ts";
