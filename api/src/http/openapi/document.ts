import type { TSchema } from "@sinclair/typebox";
import type { ContractDefinition } from "@tessera/shared/contracts/contract";

/** TypeBox schemas carry symbol keys; JSON round-trip leaves the plain JSON Schema. */
function plain(schema: TSchema): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
}

function parameters(schema: TSchema | undefined, location: "path" | "query") {
  if (!schema) return [];
  const json = plain(schema) as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === "path" || (json.required ?? []).includes(name),
    ...(property.description ? { description: property.description } : {}),
    schema: property,
  }));
}

const ERROR_SCHEMA = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: {
        code: { type: "string" },
        message: { type: "string", description: "From the error catalogue, in the language of Accept-Language" },
        details: {},
        requestId: { type: "string" },
      },
    },
  },
};

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Bad request",
  401: "Not signed in (no or bad session or API key)",
  403: "Forbidden (or missing anti-forgery header on a cookie-authenticated write)",
  404: "Not found (also what outsiders get for resources they may not see)",
  409: "Conflict",
  413: "Request too large",
  422: "Validation failed; details lists each field with its message",
  429: "Too many attempts",
};

function requestBody(route: ContractDefinition): Record<string, unknown> {
  const content: Record<string, { schema: Record<string, unknown> }> = {};
  if (route.body) content["application/json"] = { schema: plain(route.body) };
  if (route.multipart) content["multipart/form-data"] = { schema: plain(route.multipart) };
  if (route.rawBody) content[route.rawBody] = { schema: { type: "string", format: "binary" } };
  return Object.keys(content).length ? { requestBody: { required: true, content } } : {};
}

/** The media types of a file answer, each a binary string. */
function fileContent(download: string | readonly string[]): Record<string, unknown> {
  const types: readonly string[] = typeof download === "string" ? [download] : download;
  return Object.fromEntries(types.map((type) => [type, { schema: { type: "string", format: "binary" } }]));
}

export interface OpenApiInfo {
  title: string;
  version: string;
  serverUrl: string;
}

/** The OpenAPI 3.1 document of the operations, straight from their contracts. */
export function buildOpenApiDocument(
  routes: readonly ContractDefinition[],
  info: OpenApiInfo,
): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = (route.isLegacy ? "" : "/api/v1") + route.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
    const errorStatuses = new Set<number>(route.errors ?? []);
    if (route.body || route.query) errorStatuses.add(422);
    if (route.auth !== "public") errorStatuses.add(401);
    const responses: Record<string, unknown> = {
      [String(route.status ?? 200)]: {
        description: "Success",
        ...(route.response ? { content: { "application/json": { schema: plain(route.response) } } } : {}),
        ...(route.download ? { content: fileContent(route.download) } : {}),
      },
    };
    for (const status of [...errorStatuses].sort()) {
      responses[String(status)] = {
        description: ERROR_DESCRIPTIONS[status] ?? "Error",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      };
    }
    paths[path] ??= {};
    paths[path][route.method] = {
      operationId: `${route.method}${route.path.replace(/[/:{}-]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [...route.tags],
      parameters: [
        ...parameters(route.params, "path"),
        ...parameters(route.query, "query"),
        { $ref: "#/components/parameters/AcceptLanguage" },
      ],
      ...requestBody(route),
      responses,
      security:
        route.auth === "public"
          ? []
          : route.auth === "desk"
            ? [{ bearerAuth: [] }]
            : [{ bearerAuth: [] }, { cookieAuth: [] }],
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: info.title,
      version: info.version,
      description:
        'Tessera API. Authenticate with `Authorization: Bearer <session token or API key>`, or with the session cookie plus the `X-CSRF-Token` header on writes. Errors are `{"error": {code, message, details}}`, the message in the language of `Accept-Language` (en, fr, es).',
    },
    servers: [{ url: info.serverUrl }],
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA },
      parameters: {
        AcceptLanguage: {
          name: "Accept-Language",
          in: "header",
          required: false,
          schema: { type: "string", examples: ["fr", "en", "es"] },
        },
      },
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "Session token (tss_…) or API key (tsk_…)" },
        cookieAuth: {
          type: "apiKey",
          in: "cookie",
          name: "tessera_session",
          description: "Named __Host-tessera_session when the server is published over https",
        },
      },
    },
  };
}
