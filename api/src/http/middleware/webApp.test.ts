import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import Koa from "koa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webApp } from "./webApp.ts";

const SCRIPT = `console.log(${JSON.stringify("Tessera ".repeat(400))});`;

describe("webApp", () => {
  let distDir: string;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(os.tmpdir(), "tessera-web-"));
    await mkdir(path.join(distDir, "assets"));
    await writeFile(path.join(distDir, "index.html"), "<!doctype html><title>Tessera</title>");
    const script = path.join(distDir, "assets", "index-abc123.js");
    await writeFile(script, SCRIPT);
    await writeFile(`${script}.br`, brotliCompressSync(SCRIPT));
    await writeFile(`${script}.gz`, gzipSync(SCRIPT));
    const app = new Koa();
    app.use(webApp(distDir) as unknown as Koa.Middleware);
    app.use((ctx) => {
      ctx.body = { reachedApi: ctx.path };
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(distDir, { recursive: true, force: true });
  });

  it.each([
    ["br, gzip", "br", Buffer.byteLength(brotliCompressSync(SCRIPT))],
    ["gzip", "gzip", Buffer.byteLength(gzipSync(SCRIPT))],
  ])(
    "sends the %s the browser accepts as %s, cached a year, varying on Accept-Encoding",
    async (accepts, encoding, size) => {
      const answer = await fetch(`${origin}/assets/index-abc123.js`, { headers: { "Accept-Encoding": accepts } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-encoding")).toBe(encoding);
      expect(Number(answer.headers.get("content-length"))).toBe(size);
      expect(answer.headers.get("vary")).toBe("Accept-Encoding");
      expect(answer.headers.get("cache-control")).toBe("max-age=31536000,immutable");
      expect(answer.headers.get("content-type")).toMatch(/^(text|application)\/javascript/);
      expect(await answer.text()).toBe(SCRIPT);
    },
  );

  it("sends the file as it is to a client that accepts no compression", async () => {
    const answer = await fetch(`${origin}/assets/index-abc123.js`, { headers: { "Accept-Encoding": "identity" } });
    expect(answer.headers.get("content-encoding")).toBeNull();
    expect(Number(answer.headers.get("content-length"))).toBe(Buffer.byteLength(SCRIPT));
    expect(await answer.text()).toBe(SCRIPT);
  });

  it("answers a missing asset 404, any other page with index.html never cached, and leaves /api alone", async () => {
    expect((await fetch(`${origin}/assets/gone-123.js`)).status).toBe(404);
    const page = await fetch(`${origin}/manage/events`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-cache");
    expect(await page.text()).toBe("<!doctype html><title>Tessera</title>");
    expect(await (await fetch(`${origin}/api/v1/events`)).json()).toEqual({ reachedApi: "/api/v1/events" });
  });
});
