import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Image } from "../../../api/src/models/Image.ts";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { buildCast, expectNoChange, type Cast } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { HTML_PAGE, JPEG_1X1, pngImage } from "../../helpers/imageFixtures.ts";
import { redirectTo, sendBytes, startImageServer, type ImageServer } from "../../helpers/imageServer.ts";
import { startTestServer, type TestServer } from "../../helpers/server.ts";

/**
 * Downloading a logo, banner or favicon from a URL (issue 3 item 8, QUALITY.md "bad input"): the
 * SSRF list is refused after DNS resolution, redirects are checked again, time and size are
 * limited. "allowed" is a local server exempted through IMAGE_FETCH_ALLOWED_HOSTS; "internal" is a
 * second local server that is NOT exempted and must never be reached.
 */
const TIMEOUT_MS = 1000;

describe.each(databaseKinds())("images: download from a URL on %s", (kind) => {
  let server: TestServer;
  let cast: Cast;
  let allowed: ImageServer;
  let internal: ImageServer;
  let imagesPath: string;
  const png = pngImage(12, 6);

  beforeAll(async () => {
    internal = await startImageServer({ "/secret.png": sendBytes(pngImage(1, 1), "image/png") });
    allowed = await startImageServer({
      "/logo.png": sendBytes(png, "image/png"),
      "/photo": sendBytes(JPEG_1X1, "text/html"), // a wrong declared type does not matter
      "/page.png": sendBytes(HTML_PAGE, "image/png"),
      "/bomb.png": sendBytes(pngImage(1, 1, { width: 50_000, height: 50_000 }), "image/png"),
      "/redirect-ok": redirectTo(() => "/logo.png"),
      "/redirect-chain-3": redirectTo(() => "/redirect-chain-2", 301),
      "/redirect-chain-2": redirectTo(() => "/redirect-chain-1", 307),
      "/redirect-chain-1": redirectTo(() => "/logo.png", 308),
      "/redirect-loop": redirectTo(() => "/redirect-loop"),
      "/redirect-private": redirectTo(() => "http://10.0.0.1/logo.png"),
      "/redirect-metadata": redirectTo(() => "http://169.254.169.254/latest/meta-data/"),
      "/redirect-internal": redirectTo(() => internal.url("/secret.png")),
      "/redirect-localhost": redirectTo(() => `http://localhost:${internal.hostPort.split(":")[1]}/secret.png`),
      "/redirect-file": redirectTo(() => "file:///etc/passwd"),
      "/slow": () => undefined, // never answers
      "/trickle": (_request, response) => {
        response.writeHead(200, { "Content-Type": "image/png" });
        response.write(png.subarray(0, 8));
        const timer = setInterval(() => response.write(Buffer.from([0])), 50);
        response.on("close", () => clearInterval(timer));
      },
      "/endless": (_request, response) => {
        response.writeHead(200, { "Content-Type": "image/png" });
        response.write(png.subarray(0, 8));
        const chunk = Buffer.alloc(64 * 1024, 1);
        const pump = () => {
          while (!response.destroyed && response.write(chunk));
          if (!response.destroyed) response.once("drain", pump);
        };
        pump();
      },
      "/huge-declared": (_request, response) => {
        response.writeHead(200, { "Content-Type": "image/png", "Content-Length": String(50 * 1024 * 1024) });
        response.write(png);
      },
      "/server-error": (_request, response) => response.writeHead(500).end("boom"),
    });
    server = await startTestServer({
      kind,
      env: { IMAGE_FETCH_ALLOWED_HOSTS: allowed.hostPort, IMAGE_FETCH_TIMEOUT_MS: String(TIMEOUT_MS) },
    });
    cast = await buildCast(server);
    imagesPath = `/api/v1/accounts/${cast.accountA.id}/images`;
  });
  afterAll(async () => {
    await server?.close();
    await allowed?.close();
    await internal?.close();
  });

  const download = (url: string, imageKind = "logo") =>
    cast.client("editor").post(imagesPath, { kind: imageKind, url });

  it("downloads a real PNG, stores it, serves it, and records image.created", async () => {
    const response = await download(allowed.url("/logo.png"), "banner");
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({
      kind: "banner",
      mimeType: "image/png",
      width: 12,
      height: 6,
      size: png.length,
      originalName: "logo.png",
    });
    const image = await Image.query(server.db).findById(response.body.id);
    expect(image!.sourceUrl).toBe(allowed.url("/logo.png"));
    const served = await fetch(server.baseUrl + response.body.url);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect(await AuditLog.query(server.db).where({ action: "image.created", subjectId: image!.id })).toHaveLength(1);
  });

  it("takes the type from the bytes, not the server's Content-Type", async () => {
    const response = await download(allowed.url("/photo"), "favicon");
    expect(response.status).toBe(201);
    expect(response.body.mimeType).toBe("image/jpeg");
  });

  it("follows up to 3 redirects on allowed addresses", async () => {
    expect((await download(allowed.url("/redirect-ok"))).status).toBe(201);
    expect((await download(allowed.url("/redirect-chain-3"))).status).toBe(201);
  });

  const refusals: [string, () => string, string][] = [
    ["127.0.0.1", () => `http://127.0.0.1:${internal.hostPort.split(":")[1]}/secret.png`, "blocked_address"],
    ["::1", () => `http://[::1]:${internal.hostPort.split(":")[1]}/secret.png`, "blocked_address"],
    ["10.0.0.1", () => "http://10.0.0.1/logo.png", "blocked_address"],
    ["169.254.169.254 (cloud metadata)", () => "http://169.254.169.254/latest/meta-data/", "blocked_address"],
    [
      "a host name resolving to 127.0.0.1 (localhost)",
      () => `http://localhost:${internal.hostPort.split(":")[1]}/secret.png`,
      "blocked_address",
    ],
    ["127.0.0.1 written as a decimal number", () => "http://2130706433/", "blocked_address"],
    ["127.0.0.1 written in hex shorthand", () => "http://0x7f.1/", "blocked_address"],
    ["127.0.0.1 as IPv4-mapped IPv6", () => "http://[::ffff:127.0.0.1]/", "blocked_address"],
    ["0.0.0.0", () => "http://0.0.0.0/", "blocked_address"],
    ["192.168.1.1 on https", () => "https://192.168.1.1/logo.png", "blocked_address"],
    ["100.64.0.1 (CGNAT)", () => "http://100.64.0.1/", "blocked_address"],
    ["fd00::1 (unique-local)", () => "http://[fd00::1]/", "blocked_address"],
    ["a redirect to 10.0.0.1", () => allowed.url("/redirect-private"), "blocked_address"],
    ["a redirect to the metadata address", () => allowed.url("/redirect-metadata"), "blocked_address"],
    ["a redirect to another local port", () => allowed.url("/redirect-internal"), "blocked_address"],
    ["a redirect to localhost", () => allowed.url("/redirect-localhost"), "blocked_address"],
    ["a redirect to file://", () => allowed.url("/redirect-file"), "unsupported_scheme"],
    ["file://", () => "file:///etc/passwd", "unsupported_scheme"],
    ["gopher://", () => `gopher://${allowed.hostPort}/_GET%20/logo.png`, "unsupported_scheme"],
    ["ftp://", () => "ftp://example.com/logo.png", "unsupported_scheme"],
    ["a redirect loop (more than 3 redirects)", () => allowed.url("/redirect-loop"), "too_many_redirects"],
    ["a server that never answers", () => allowed.url("/slow"), "timeout"],
    ["a body that trickles past the time limit", () => allowed.url("/trickle"), "timeout"],
    ["an endless body", () => allowed.url("/endless"), "too_big"],
    ["a declared length beyond the limit", () => allowed.url("/huge-declared"), "too_big"],
    ["a non-image body", () => allowed.url("/page.png"), "not_an_image"],
    ["a 404", () => allowed.url("/missing.png"), "bad_status"],
    ["a 500", () => allowed.url("/server-error"), "bad_status"],
    ["an image with too many pixels", () => allowed.url("/bomb.png"), "too_large_pixels"],
    ["a host that does not resolve", () => "http://does-not-exist.invalid/logo.png", "dns_failed"],
  ];

  it.each(refusals)(
    "refuses %s: 422 'The logo could not be downloaded.', nothing stored",
    async (_label, url, reason) => {
      const internalBefore = internal.requests.length;
      const started = Date.now();
      const response = await expectNoChange(server.db, () => download(url()));
      expect(response.status, JSON.stringify(response.body)).toBe(422);
      expect(response.body.error).toMatchObject({
        code: "logo_download_failed",
        message: "The logo could not be downloaded.",
        details: { reason },
      });
      expect(JSON.stringify(response.body)).not.toContain("<script>");
      expect(internal.requests.length).toBe(internalBefore); // the internal server was never reached
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2000);
    },
  );

  it.each([
    ["banner", "banner_download_failed", "The banner could not be downloaded."],
    ["favicon", "favicon_download_failed", "The favicon could not be downloaded."],
  ])("names the %s in its failure", async (imageKind, code, message) => {
    const response = await download("http://127.0.0.1/", imageKind);
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code, message, details: { reason: "blocked_address" } });
  });

  it("answers in the caller's language", async () => {
    const response = await cast
      .client("editor")
      .post(imagesPath, { kind: "logo", url: "http://10.0.0.1/" }, { lang: "es" });
    expect(response.body.error.code).toBe("logo_download_failed");
    expect(response.body.error.message).not.toBe("The logo could not be downloaded.");
  });

  it("refuses a URL that is not a URL, and unknown fields (422 validation)", async () => {
    expect((await download("not a url")).status).toBe(422);
    const extra = await cast.client("editor").post(imagesPath, { kind: "logo", url: allowed.url("/logo.png"), x: 1 });
    expect(extra.status).toBe(422);
  });
});
