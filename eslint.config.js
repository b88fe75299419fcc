// @ts-check
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const NODE_ONLY = ["node:*", "fs", "path", "os", "crypto", "child_process", "http", "https", "net", "stream"];

// What every web file may not import (screens have more rules below, and a rule's options replace, not add).
const WEB_IMPORT_PATTERNS = [
  {
    group: ["**/api/src/**", "**/desktop/src/**", "@tessera/api", "@tessera/desktop", ...NODE_ONLY],
    message: "web/ imports shared/ only (never api/ or desktop/).",
  },
  {
    regex: "^@tessera/shared(/i18n/index)?$",
    allowTypeImports: true,
    message:
      "These hold every catalogue of every language: the web app takes @tessera/shared/i18n/languages and loads one language at a time.",
  },
];

/** @param {string[]} groups @param {string} message */
const forbid = (groups, message) => ({
  "no-restricted-imports": ["error", { patterns: groups.map((group) => ({ group: [group], message })) }],
});

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "var/**", "test-results/**", "**/*.cjs", "desktop/release/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  // Dependency directions of ARCHITECTURE.md.
  {
    files: ["shared/src/**/*.ts"],
    ignores: ["shared/src/**/*.test.ts"],
    rules: forbid(
      ["**/api/src/**", "**/web/src/**", "**/desktop/src/**", "@tessera/*", "react", "react-*", ...NODE_ONLY],
      "shared/ imports no workspace of ours and nothing Node-only or DOM-only.",
    ),
  },
  {
    files: ["api/src/**/*.ts"],
    rules: forbid(
      ["**/web/src/**", "**/desktop/src/**", "@tessera/web", "@tessera/desktop", "react", "react-*"],
      "api/ imports shared/ only.",
    ),
  },
  // Inside api/ (ARCHITECTURE.md): http → services → models. A route validates (its contract), calls one
  // service and presents: it builds no SQL, reads no model and authorizes nothing (the services do).
  {
    files: ["api/src/http/routes/**/*.ts", "api/src/http/legacy/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/db/**", "knex", "objection", "**/models/**"],
              message: "A route never reads the database or a model: call a service.",
            },
            { group: ["**/policies/**"], message: "Services authorize; a route calls one service." },
            { group: ["**/web/src/**", "**/desktop/src/**"], message: "api/ imports shared/ only." },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.name=/^(authorize|findEvent|findAccount|canIn|canOn)/]",
          message: "Services authorize and find what they act on; a route calls one service.",
        },
      ],
    },
  },
  // Presenters shape what a service returned: no query (types of models are fine).
  {
    files: ["api/src/http/presenters/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/db/**", "knex", "objection"], message: "A presenter runs no query." },
            { group: ["**/models/**"], allowTypeImports: true, message: "A presenter runs no query." },
          ],
        },
      ],
    },
  },
  // A service knows no HTTP: it takes a Scope (services/scope.ts), never Koa's context.
  {
    files: ["api/src/models/**/*.ts", "api/src/services/**/*.ts", "api/src/policies/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["koa", "@koa/*", "**/http/**"], message: "Services and models know no HTTP: take a Scope." },
            { group: ["**/web/src/**", "**/desktop/src/**"], message: "api/ imports shared/ only." },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        { selector: "Identifier[name='ctx']", message: "Services know no HTTP context: take a Scope." },
        {
          selector: "Identifier[name=/^(ApiContext|ApiState|ParameterizedContext|Context|Middleware)$/]",
          message: "Services know no Koa type: take a Scope.",
        },
      ],
    },
  },
  {
    files: ["web/src/**/*.tsx", "desktop/src/renderer/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [...WEB_IMPORT_PATTERNS] }],
    },
  },
  // Server state lives in web/src/queries (TanStack Query): screens, components and the app read its
  // hooks and never call the API client themselves.
  {
    files: ["web/src/**/*.{ts,tsx}"],
    ignores: ["web/src/queries/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...WEB_IMPORT_PATTERNS,
            {
              regex: "(^|/)api(\\.ts)?$",
              message: "Screens never call the API client: use a hook of web/src/queries.",
            },
            {
              group: ["@tessera/shared/client", "@tessera/shared"],
              importNames: ["createApiClient", "createHandTypedApiClient", "deriveClient"],
              message: "Screens never call the API client: use a hook of web/src/queries.",
            },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression > MemberExpression.callee > MemberExpression.object[object.name='api']",
          message: "Screens never call the API client: use a hook of web/src/queries.",
        },
        {
          selector: "CallExpression > MemberExpression.callee > MemberExpression.object[object.property.name='api']",
          message: "Screens never call the API client: use a hook of web/src/queries.",
        },
      ],
    },
  },
  {
    files: ["desktop/src/**/*.{ts,cts,tsx}"],
    rules: forbid(["**/api/src/**", "@tessera/api"], "desktop/ imports shared/, web/ and its own core/."),
  },
  {
    files: ["desktop/src/core/**/*.ts"],
    rules: forbid(["electron", "**/api/src/**"], "desktop core runs under plain Node: no electron import."),
  },
  {
    files: ["tests/**/*.ts", "**/*.test.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  prettier,
);
