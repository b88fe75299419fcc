import { describe, expect, it } from "vitest";
import { validate } from "@tessera/shared";
import { databaseKinds } from "../../helpers/databases.ts";
import { useTestServer } from "../../helpers/suite.ts";

describe.each(databaseKinds())("API core on %s", (kind) => {
  const suite = useTestServer(kind);

  it("answers health with the database in use", async () => {
    const response = await suite.server.http.get("/api/v1/health");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ok", database: kind === "postgres" ? "postgresql" : "sqlite" });
  });

  it("gives every response a request id and honours a sane incoming one", async () => {
    const generated = await suite.server.http.get("/api/v1/health");
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await suite.server.http.get("/api/v1/health", { headers: { "X-Request-Id": "trace-123" } });
    expect(echoed.headers.get("x-request-id")).toBe("trace-123");
    const refused = await suite.server.http.get("/api/v1/health", { headers: { "X-Request-Id": "bad id <script>" } });
    expect(refused.headers.get("x-request-id")).not.toBe("bad id <script>");
  });

  it("answers unknown API paths with the catalogue's not-found error in the caller's language", async () => {
    const en = await suite.server.http.get("/api/v1/nothing-here");
    expect(en.status).toBe(404);
    expect(en.body.error).toMatchObject({ code: "not_found", message: "Not found." });
    expect(en.body.error.requestId).toBe(en.headers.get("x-request-id"));
    const fr = await suite.server.http.get("/api/v1/nothing-here", { lang: "fr-FR,fr;q=0.9,en;q=0.8" });
    expect(fr.body.error.message).toBe("Introuvable.");
    const es = await suite.server.http.get("/api/v1/nothing-here", { lang: "de, es;q=0.5" });
    expect(es.body.error.message).toBe("No encontrado.");
  });

  it("refuses protected routes without credentials and with a bad bearer token", async () => {
    const anonymous = await suite.server.http.get("/api/v1/auth/me", { lang: "fr" });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe("unauthenticated");
    const bad = await suite.server.http.as("tss_not-a-real-token").get("/api/v1/health");
    expect(bad.status).toBe(401);
  });

  it("refuses malformed JSON and oversized bodies before they reach a handler", async () => {
    const malformed = await suite.server.http.post("/api/v1/auth/login", "{not json", { lang: "es" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatchObject({
      code: "invalid_json",
      message: "El cuerpo de la solicitud no es un JSON válido.",
    });
    const huge = await suite.server.http.post("/api/v1/auth/login", {
      email: "a@b.co",
      password: "x".repeat(2 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe("payload_too_large");
  });

  it("sets security headers on API and web responses", async () => {
    const api = await suite.server.http.get("/api/v1/health");
    expect(api.headers.get("x-content-type-options")).toBe("nosniff");
    expect(api.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(api.headers.get("cache-control")).toBe("no-store");
    const web = await fetch(suite.server.baseUrl + "/admin");
    expect(web.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(web.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(web.headers.get("x-frame-options")).toBe("DENY");
  });

  it("publishes an OpenAPI 3.1 document generated from the validating schemas, and a reference page", async () => {
    const response = await suite.server.http.get("/api/v1/openapi.json");
    expect(response.status).toBe(200);
    const document = response.body;
    expect(document.openapi).toBe("3.1.0");
    const login = document.paths["/api/v1/auth/login"]?.post;
    expect(login).toBeDefined();
    const schema = login.requestBody.content["application/json"].schema;
    // The published schema validates exactly like the API does.
    expect(validate(schema, { email: "a@b.co", password: "x" }).ok).toBe(true);
    expect(validate(schema, { email: "a@b.co" }).ok).toBe(false);
    expect(
      document.paths["/api/v1/accounts/{a}/administrators/{id}/invite"]?.post?.parameters.map(
        (p: { name?: string }) => p.name,
      ),
    ).toEqual(expect.arrayContaining(["a", "id"]));
    const upload = document.paths["/api/v1/accounts/{a}/images"]?.post?.requestBody?.content;
    expect(Object.keys(upload ?? {}).sort()).toEqual(["application/json", "multipart/form-data"]);
    const page = await fetch(suite.server.baseUrl + "/api/v1/docs");
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain("/api/v1/auth/login");
    expect(html).toContain("API reference");
  });
});
