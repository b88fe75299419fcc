import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SafeFetchError, safeFetch, type ResolvedAddress, type SafeFetchOptions } from "./safeFetch.ts";

/** The address checks and the pinning of safeFetch, with a name resolver under the test's control. */
describe("safeFetch", () => {
  let server: http.Server;
  let port: number;
  const seenHosts: string[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      seenHosts.push(request.headers.host ?? "");
      response.writeHead(200, { "Content-Type": "text/plain" }).end("hello");
    });
    server.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const options = (overrides: Partial<SafeFetchOptions>): SafeFetchOptions => ({
    maxBytes: 1024,
    timeoutMs: 2000,
    maxRedirects: 3,
    ...overrides,
  });

  async function reasonOf(promise: Promise<unknown>): Promise<string> {
    try {
      await promise;
      return "no error";
    } catch (error) {
      expect(error).toBeInstanceOf(SafeFetchError);
      return (error as SafeFetchError).reason;
    }
  }

  it("refuses a name when ANY of its addresses is private, even if the first is public", async () => {
    const resolve = async (): Promise<ResolvedAddress[]> => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.1.2.3", family: 4 },
    ];
    expect(await reasonOf(safeFetch("http://mixed.example/", options({ resolve })))).toBe("blocked_address");
  });

  it.each([
    [[{ address: "::1", family: 6 }]],
    [[{ address: "::ffff:169.254.169.254", family: 6 }]],
    [[{ address: "fe80::1", family: 6 }]],
  ] as ResolvedAddress[][][])("refuses a name resolving to %j", async (answers) => {
    expect(await reasonOf(safeFetch("http://sneaky.example/", options({ resolve: async () => answers })))).toBe(
      "blocked_address",
    );
  });

  it("connects to the verified address, never resolving the name a second time (no DNS rebinding)", async () => {
    let lookups = 0;
    const resolve = async (): Promise<ResolvedAddress[]> => {
      lookups += 1;
      return [{ address: "127.0.0.1", family: 4 }];
    };
    // The system resolver cannot resolve this name: only the pinned address can make the request work.
    const fetched = await safeFetch(
      `http://pinned.invalid:${port}/x`,
      options({ resolve, allowedHosts: [`pinned.invalid:${port}`] }),
    );
    expect(fetched.bytes.toString()).toBe("hello");
    expect(lookups).toBe(1);
    expect(seenHosts.at(-1)).toBe(`pinned.invalid:${port}`); // the Host header keeps the name
  });

  it("exempts exactly the allowed host:port, not the same host on another port", async () => {
    const allowedHosts = [`127.0.0.1:${port + 1}`];
    expect(await reasonOf(safeFetch(`http://127.0.0.1:${port}/`, options({ allowedHosts })))).toBe("blocked_address");
  });

  it("refuses a body over the limit", async () => {
    const allowedHosts = [`127.0.0.1:${port}`];
    expect(await reasonOf(safeFetch(`http://127.0.0.1:${port}/`, options({ allowedHosts, maxBytes: 3 })))).toBe(
      "too_big",
    );
  });

  it.each([
    ["javascript:alert(1)", "unsupported_scheme"],
    ["data:image/png;base64,AAAA", "unsupported_scheme"],
    ["ws://example.com/", "unsupported_scheme"],
    ["http://", "bad_url"],
    ["not a url", "bad_url"],
    ["http://[::1/", "bad_url"],
  ])("refuses %s (%s)", async (url, reason) => {
    expect(await reasonOf(safeFetch(url, options({})))).toBe(reason);
  });
});
