import { HealthResponse, OpenApiDocumentSchema } from "../schemas/system.ts";
import { contract } from "./contract.ts";

const tags = ["system"];

/** /health, /openapi.json and /docs: what any caller may read about the API itself. */
export const systemContracts = {
  health: contract({
    method: "get",
    path: "/health",
    summary: "Liveness and database check",
    tags,
    auth: "public",
    response: HealthResponse,
  }),
  openApi: contract({
    method: "get",
    path: "/openapi.json",
    summary: "This OpenAPI 3.1 document, generated from the schemas that validate the requests",
    tags,
    auth: "public",
    response: OpenApiDocumentSchema,
  }),
  docs: contract({
    method: "get",
    path: "/docs",
    summary: "Readable API reference (HTML)",
    tags,
    auth: "public",
    download: "text/html",
  }),
};
