import type { AddressInfo } from "node:net";
import Koa from "koa";
import { describe, expect, it } from "vitest";
import type { ApiContextExtras, ApiState } from "../../../api/src/http/context.ts";
import { errorHandler } from "../../../api/src/http/middleware/errors.ts";
import { requestContext } from "../../../api/src/http/middleware/requestContext.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildAccount, buildUser, sessionTokenFor } from "../../helpers/factories.ts";
import { useTestServer } from "../../helpers/suite.ts";

interface ReportRow {
  source: string;
  requestId: string;
  method: string | null;
  path: string | null;
  message: string;
  stack: string | null;
  userId: string | null;
}

describe.each(databaseKinds())("error reports on %s ('our team has been informed' is true)", (kind) => {
  const suite = useTestServer(kind);
  const reportsOf = (requestId: string) =>
    suite.server.db("errorReports").where({ requestId }).select() as Promise<ReportRow[]>;

  it("records an unexpected server error under the request id its answer gives", async () => {
    // The API's own middleware in front of a route that fails the way a bug would.
    const app = new Koa<ApiState, ApiContextExtras>();
    app.context.deps = suite.server.deps;
    app.silent = true;
    app.use(requestContext());
    app.use(errorHandler());
    app.use(() => {
      throw new TypeError("Cannot read properties of undefined (reading 'id')");
    });
    const listening = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => listening.once("listening", () => resolve()));
    try {
      const response = await fetch(`http://127.0.0.1:${(listening.address() as AddressInfo).port}/api/v1/boom`, {
        headers: { "Accept-Language": "fr" },
      });
      expect(response.status).toBe(500);
      const body = (await response.json()) as { error: { message: string; requestId: string } };
      expect(body.error.message).toBe("Une erreur est survenue, notre équipe a été informée.");
      expect(body.error.requestId).toBe(response.headers.get("X-Request-Id"));
      const [report] = await reportsOf(body.error.requestId);
      expect(report).toMatchObject({ source: "server", method: "GET", path: "/api/v1/boom" });
      expect(report!.message).toContain("reading 'id'");
      expect(report!.stack).toContain("TypeError");
    } finally {
      await new Promise<void>((resolve) => listening.close(() => resolve()));
    }
  });

  it("records a crash the web app reports, with the user, and answers the reference its page shows", async () => {
    const account = await buildAccount(suite.server.db);
    const user = await buildUser(suite.server.db, { accountId: account.id, role: "editor" });
    const http = suite.server.http.as(await sessionTokenFor(suite.server.db, suite.server.config, user));
    const crash = {
      message: "x is not a function",
      stack: "TypeError: x is not a function\n    at Screen",
      path: "/manage",
    };
    const response = await http.post("/api/v1/client-errors", crash);
    expect(response.status).toBe(200);
    expect(response.body.reference).toBe(response.headers.get("X-Request-Id"));
    const [report] = await reportsOf(response.body.reference);
    expect(report).toMatchObject({ source: "web", path: "/manage", message: crash.message, userId: user.id });

    // Anyone may report (a crash can come before sign-in); nonsense is refused.
    expect((await suite.server.http.post("/api/v1/client-errors", crash)).status).toBe(200);
    expect((await suite.server.http.post("/api/v1/client-errors", { ...crash, message: "" })).status).toBe(422);
  });

  it("keeps at most 30 reports per address in a window, and answers the same beyond", async () => {
    const crash = { message: "flood", path: "/" };
    const references: string[] = [];
    for (let report = 0; report < 32; report += 1) {
      const response = await suite.server.http.post("/api/v1/client-errors", crash);
      expect(response.status).toBe(200);
      references.push(response.body.reference as string);
    }
    const kept = await suite.server.db("errorReports").whereIn("requestId", references).count({ n: "*" });
    expect(Number((kept[0] as { n: number | string }).n)).toBeLessThanOrEqual(30);
  });
});
