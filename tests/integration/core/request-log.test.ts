import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { createApp } from "../../../api/src/app.ts";
import { HttpClient } from "../../helpers/http.ts";
import { useTestServer } from "../../helpers/suite.ts";

describe("the request log", () => {
  const suite = useTestServer("sqlite");

  /** The suite's deps with a logger whose lines are kept, behind a server of their own. */
  async function serverLogging(logRequests: boolean) {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const logger = pino({ level: "info" }, sink);
    const config = { ...suite.server.config, logRequests };
    const app = createApp({ ...suite.server.deps, logger, config }).listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => app.once("listening", () => resolve()));
    const http = new HttpClient(`http://127.0.0.1:${(app.address() as AddressInfo).port}`);
    const close = () => new Promise<void>((resolve) => app.close(() => resolve()));
    return { http, lines, close };
  }

  it("has a line per request, unless LOG_REQUESTS=0 (npm start's default outside production)", async () => {
    const logging = await serverLogging(true);
    const quiet = await serverLogging(false);
    try {
      for (const { http } of [logging, quiet]) {
        expect((await http.get("/api/v1/auth/me")).status).toBe(401);
        expect((await http.get("/api/v1/no-such-route")).status).toBe(404);
      }
      const requests = (lines: typeof logging.lines) => lines.filter((line) => line.msg === "request");
      expect(requests(logging.lines).map((line) => [line.path, line.status])).toEqual([
        ["/api/v1/auth/me", 401],
        ["/api/v1/no-such-route", 404],
      ]);
      expect(requests(quiet.lines)).toEqual([]);
    } finally {
      await Promise.all([logging.close(), quiet.close()]);
    }
  });
});
