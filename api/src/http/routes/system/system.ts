import { systemContracts as system } from "@tessera/shared/contracts/system";
import { publishedDocument } from "../../openapi/published.ts";
import { renderReferencePage } from "../../openapi/referencePage.ts";
import { reportClientError } from "../../../services/system/errorReports.ts";
import { checkHealth } from "../../../services/system/health.ts";
import { route, type Route } from "../define.ts";

/** /health, /openapi.json and /docs. */
export const systemRoutes: Route[] = [
  route(system.health, async (scope) => checkHealth(scope)),
  route(system.clientError, async (scope, { body }) => reportClientError(scope, body)),
  route(system.openApi, (scope) => publishedDocument(scope.deps.config.publicUrl)),
  route(system.docs, async (scope, _input, ctx) => {
    const html = renderReferencePage(publishedDocument(scope.deps.config.publicUrl));
    ctx.type = "html";
    ctx.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    ctx.body = html;
  }),
];
