import { gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount, buildUser, sessionTokenFor } from "../../helpers/factories.ts";
import { buildGuests } from "../../helpers/guests.ts";
import { useTestServer } from "../../helpers/suite.ts";
import http from "node:http";

/** A raw GET (fetch would undo the compression before the test sees it). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

describe("compressed answers", () => {
  const suite = useTestServer("sqlite");

  /** The address of a page of 100 guests of a new event, and the headers of a user who may read it. */
  async function pageOfGuests(query: string) {
    const account = await buildAccount(suite.server.db);
    const user = await buildUser(suite.server.db, { accountId: account.id, role: "overseer" });
    const token = await sessionTokenFor(suite.server.db, suite.server.config, user);
    const event = await buildEvent(suite.server.db, account.id);
    await buildGuests(suite.server.db, event, 100);
    return {
      url: `${suite.server.baseUrl}/api/v1/events/${account.id}/${event.id}/users?${query}`,
      auth: { Authorization: `Bearer ${token}` },
    };
  }

  it("compresses the API's JSON for a client that accepts it, and only then", async () => {
    const { url, auth } = await pageOfGuests("perPage=100");

    const plain = await rawGet(url, auth);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const gzipped = await rawGet(url, { ...auth, "Accept-Encoding": "gzip" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers.vary).toContain("Accept-Encoding");
    expect(gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 3);
    const brotli = await rawGet(url, { ...auth, "Accept-Encoding": "br, gzip" });
    expect(brotli.headers["content-encoding"]).toBe("br");
  });

  it("turns a JSON answer into text once, not once to measure it and again to send it", async () => {
    const { url, auth } = await pageOfGuests("perPage=100&count=false");
    const stringify = vi.spyOn(JSON, "stringify");
    try {
      const answer = await rawGet(url, auth);
      const serializedPages = stringify.mock.results.filter(
        (result) => typeof result.value === "string" && result.value.length === answer.body.length,
      );
      expect(answer.headers["content-type"]).toMatch(/^application\/json/);
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
      expect(JSON.parse(answer.body.toString()).data).toHaveLength(100);
      expect(serializedPages).toHaveLength(1);
    } finally {
      stringify.mockRestore();
    }
  });
});
