import { ClientErrorReference, ClientErrorReport, HealthResponse, OpenApiDocumentSchema } from "../schemas/system.ts";
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
  clientError: contract({
    method: "post",
    path: "/client-errors",
    summary: "Report a crash of the web app; the answer's reference is what its error page shows",
    description:
      "Recorded with the reference (and the signed-in user, if any) for the team to look up; reports beyond 30 per " +
      "address in 15 minutes are answered the same but not kept.",
    tags,
    auth: "public",
    body: ClientErrorReport,
    response: ClientErrorReference,
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
