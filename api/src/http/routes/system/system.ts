import { Type } from "@sinclair/typebox";
import { buildOpenApiDocument } from "../../openapi/document.ts";
import { renderReferencePage } from "../../openapi/referencePage.ts";
import { defineRoute, type Route } from "../define.ts";

export const API_VERSION = "1.0.0";

let cached: Record<string, unknown> | undefined;

async function openApiDocument(publicUrl: string): Promise<Record<string, unknown>> {
  // Imported at call time: the index imports this file too.
  const { apiRoutes } = await import("../index.ts");
  const { legacyRoutes } = await import("../../legacy/index.ts");
  cached ??= buildOpenApiDocument(
    [...apiRoutes, ...legacyRoutes].map((mounted) => mounted.contract),
    {
      title: "Tessera",
      version: API_VERSION,
      serverUrl: publicUrl,
    },
  );
  return cached;
}

export const systemRoutes: Route[] = [
  defineRoute({
    method: "get",
    path: "/health",
    summary: "Liveness and database check",
    tags: ["system"],
    auth: "public",
    response: Type.Object({ status: Type.Literal("ok"), database: Type.String() }),
    handler: async (ctx) => {
      await ctx.deps.db.raw("select 1");
      return { status: "ok" as const, database: ctx.deps.config.databaseUrl ? "postgresql" : "sqlite" };
    },
  }),
  defineRoute({
    method: "get",
    path: "/openapi.json",
    summary: "This OpenAPI 3.1 document, generated from the schemas that validate the requests",
    tags: ["system"],
    auth: "public",
    handler: async (ctx) => openApiDocument(ctx.deps.config.publicUrl),
  }),
  defineRoute({
    method: "get",
    path: "/docs",
    summary: "Readable API reference (HTML)",
    tags: ["system"],
    auth: "public",
    handler: async (ctx) => {
      const html = renderReferencePage(await openApiDocument(ctx.deps.config.publicUrl));
      ctx.type = "html";
      ctx.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
      return html;
    },
  }),
];
