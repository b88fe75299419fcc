import { systemContracts as system } from "@tessera/shared/contracts/system";
import { buildOpenApiDocument } from "../../openapi/document.ts";
import { renderReferencePage } from "../../openapi/referencePage.ts";
import { checkHealth } from "../../../services/system/health.ts";
import { route, type Route } from "../define.ts";

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
  route(system.health, async (scope) => checkHealth(scope)),
  route(system.openApi, async (scope) => openApiDocument(scope.deps.config.publicUrl)),
  route(system.docs, async (scope, _input, ctx) => {
    const html = renderReferencePage(await openApiDocument(scope.deps.config.publicUrl));
    ctx.type = "html";
    ctx.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    ctx.body = html;
  }),
];
