import { randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { IMAGE_MAX_BYTES } from "@tessera/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { Image } from "../../../api/src/models/Image.ts";
import { expectNoChange } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { GIF_1X1, HTML_PAGE, JPEG_1X1, SVG_IMAGE, WEBP_1X1, bigPng, pngImage } from "../../helpers/imageFixtures.ts";
import { useCastServer } from "../../helpers/suite.ts";
import { postEndlessMultipart, postMultipart, type UploadPart } from "../../helpers/uploads.ts";

/** Uploads of logos, banners and favicons: types sniffed from content, size and pixel limits, public serving. */
describe.each(databaseKinds())("images: uploads and public files on %s", (kind) => {
  const suite = useCastServer(kind);
  let imagesPath: string;

  beforeAll(async () => {
    imagesPath = `/api/v1/accounts/${suite.cast.accountA.id}/images`;
  });

  const upload = (
    fields: Record<string, string>,
    files: UploadPart[],
    token = suite.cast.users.editor.token,
    lang?: string,
  ) => postMultipart(suite.server.baseUrl, imagesPath, { token, fields, files, lang });

  it.each([
    ["PNG", pngImage(3, 2), "image/png", 3, 2, "logo.png"],
    ["JPEG", JPEG_1X1, "image/jpeg", 1, 1, "banner.jpg"],
    ["WebP", WEBP_1X1, "image/webp", 1, 1, "favicon.webp"],
  ])("accepts a %s and serves it back publicly", async (_label, bytes, mimeType, width, height, fileName) => {
    const response = await upload({ kind: "logo" }, [{ bytes, fileName, contentType: mimeType }]);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({
      accountId: suite.cast.accountA.id,
      kind: "logo",
      mimeType,
      width,
      height,
      size: bytes.length,
      originalName: fileName,
      url: `/media/images/${response.body.id}`,
    });

    const served = await fetch(suite.server.baseUrl + response.body.url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    expect(served.headers.get("content-type")).toBe(mimeType);
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("content-length")).toBe(String(bytes.length));
  });

  it("takes the type from the content: a PNG named .jpg and declared image/jpeg is a PNG", async () => {
    const response = await upload({ kind: "banner" }, [
      { bytes: pngImage(4, 4), fileName: "photo.jpg", contentType: "image/jpeg" },
    ]);
    expect(response.status).toBe(201);
    expect(response.body.mimeType).toBe("image/png");
    const served = await fetch(suite.server.baseUrl + response.body.url);
    expect(served.headers.get("content-type")).toBe("image/png");
  });

  it.each([
    ["a GIF", GIF_1X1, "anim.gif", "image/gif"],
    ["an SVG", SVG_IMAGE, "logo.svg", "image/svg+xml"],
    ["an HTML page named x.png and declared image/png", HTML_PAGE, "x.png", "image/png"],
    ["random bytes", Buffer.from("not an image at all, just text"), "logo.webp", "image/webp"],
    ["a truncated PNG (signature only)", pngImage().subarray(0, 12), "cut.png", "image/png"],
    ["an empty file", Buffer.alloc(0), "empty.png", "image/png"],
  ])("refuses %s: 'Unsupported image type.', nothing stored", async (_label, bytes, fileName, contentType) => {
    const before = listStoredFiles();
    const response = await expectNoChange(suite.server.db, () =>
      upload({ kind: "logo" }, [{ bytes, fileName, contentType }]),
    );
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code: "unsupported_image_type", message: "Unsupported image type." });
    expect(listStoredFiles()).toEqual(before);
  });

  it("says it in the caller's language", async () => {
    const response = await upload({ kind: "logo" }, [{ bytes: GIF_1X1 }], suite.cast.users.editor.token, "fr");
    expect(response.body.error.message).toBe("Type d'image non pris en charge.");
  });

  it.each([
    ["a 20000×20000 canvas in a tiny file", { width: 20_000, height: 20_000 }],
    ["one side over the limit", { width: 10_001, height: 1 }],
    ["too many pixels in total", { width: 9_000, height: 9_000 }],
  ])("refuses %s: image_too_large_pixels", async (_label, declared) => {
    const response = await expectNoChange(suite.server.db, () =>
      upload({ kind: "banner" }, [{ bytes: pngImage(1, 1, declared), fileName: "bomb.png" }]),
    );
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe("image_too_large_pixels");
  });

  it("accepts a file of exactly the limit and refuses one byte more (413 'File too big.')", async () => {
    const atLimit = await upload({ kind: "banner" }, [{ bytes: bigPng(IMAGE_MAX_BYTES), fileName: "max.png" }]);
    expect(atLimit.status, JSON.stringify(atLimit.body)).toBe(201);
    expect(atLimit.body.size).toBe(IMAGE_MAX_BYTES);

    const over = await expectNoChange(suite.server.db, () =>
      upload({ kind: "banner" }, [{ bytes: bigPng(IMAGE_MAX_BYTES + 1), fileName: "over.png" }]),
    );
    expect(over.status).toBe(413);
    expect(over.body.error).toMatchObject({ code: "file_too_big", message: "File too big." });
  });

  it("refuses an oversized upload without a Content-Length while it streams, long before it ends", async () => {
    const stopAfterBytes = 64 * 1024 * 1024;
    const before = await Image.query(suite.server.db).resultSize();
    const result = await postEndlessMultipart(suite.server.baseUrl, imagesPath, {
      token: suite.cast.users.editor.token,
      fields: { kind: "logo" },
      stopAfterBytes,
    });
    expect(result.status).toBe(413);
    expect((result.body as { error: { code: string } }).error.code).toBe("file_too_big");
    expect(result.bytesSentBeforeAnswer).toBeLessThan(stopAfterBytes / 4);
    expect(await Image.query(suite.server.db).resultSize()).toBe(before);
  });

  it("refuses a declared Content-Length far beyond the limit before reading the body", async () => {
    const response = await fetch(suite.server.baseUrl + imagesPath, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${suite.cast.users.editor.token}`,
        "Content-Type": "multipart/form-data; boundary=x",
      },
      body: new Uint8Array(IMAGE_MAX_BYTES * 2),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe("file_too_big");
  });

  it.each([
    ["no kind", {}, [{ bytes: pngImage() }], "kind", "required"],
    ["an unknown kind", { kind: "poster" }, [{ bytes: pngImage() }], "kind", undefined],
    ["no file", { kind: "logo" }, [], "file", "required"],
    ["two files", { kind: "logo" }, [{ bytes: pngImage() }, { bytes: pngImage() }], "file", "invalid_value"],
    [
      "the file under another name",
      { kind: "logo" },
      [{ field: "image", bytes: pngImage() }],
      "image",
      "unknown_field",
    ],
    ["an unknown field", { kind: "logo", evil: "1" }, [{ bytes: pngImage() }], "evil", "unknown_field"],
    [
      "a field named __proto__",
      { kind: "logo", ["__proto__"]: "x" },
      [{ bytes: pngImage() }],
      "__proto__",
      "unknown_field",
    ],
  ] as const)(
    "refuses a form with %s (422, field named, nothing stored)",
    async (_label, fields, files, field, code) => {
      const response = await expectNoChange(suite.server.db, () =>
        upload(fields as Record<string, string>, files as unknown as UploadPart[]),
      );
      expect(response.status, JSON.stringify(response.body)).toBe(422);
      const detail = response.body.error.details.find((item: { field: string }) => item.field === field);
      expect(detail, JSON.stringify(response.body)).toBeDefined();
      if (code) expect(detail.code).toBe(code);
    },
  );

  it("refuses a body that is neither multipart nor a valid {kind, url}", async () => {
    const response = await suite.cast.client("editor").post(imagesPath, { kind: "logo" });
    expect(response.status).toBe(422);
    expect(response.body.error.details[0].field).toBe("url");
  });

  it("stores the bytes under a random key (not the file name), records image.created", async () => {
    const response = await upload({ kind: "favicon" }, [{ bytes: pngImage(16, 16), fileName: "../../etc/passwd.png" }]);
    expect(response.status).toBe(201);
    expect(response.body.originalName).toBe("passwd.png");
    const image = await Image.query(suite.server.db).findById(response.body.id);
    expect(image!.storageKey).toMatch(new RegExp(`^images/${suite.cast.accountA.id}/[0-9a-f]{32}\\.png$`));
    expect(existsSync(path.join(suite.server.config.varDir, "files", ...image!.storageKey.split("/")))).toBe(true);
    expect(image!.createdBy).toBe(suite.cast.users.editor.user.id);

    const audit = await AuditLog.query(suite.server.db).where({ action: "image.created", subjectId: image!.id });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      accountId: suite.cast.accountA.id,
      subjectType: "image",
      actorUserId: suite.cast.users.editor.user.id,
    });
    expect(audit[0]!.after).toMatchObject({ kind: "favicon", mimeType: "image/png", width: 16, height: 16 });
  });

  it("lists the account's images newest first, filtered by kind, never another account's", async () => {
    const own = await upload({ kind: "favicon" }, [{ bytes: pngImage(2, 2), fileName: "listed-fav.png" }]);
    const otherAccount = await postMultipart(
      suite.server.baseUrl,
      `/api/v1/accounts/${suite.cast.accountB.id}/images`,
      {
        token: suite.cast.users.outsiderOverseer.token,
        fields: { kind: "favicon" },
        files: [{ bytes: pngImage(2, 2), fileName: "other-account.png" }],
      },
    );
    expect(otherAccount.status).toBe(201);

    const all = await suite.cast.client("reader").get(`${imagesPath}?perPage=200`);
    expect(all.status).toBe(200);
    expect(new Set(all.body.data.map((image: { accountId: string }) => image.accountId))).toEqual(
      new Set([suite.cast.accountA.id]),
    );
    expect(all.body.data[0].id).toBe(own.body.id);
    expect(all.body.pagination.total).toBe(all.body.data.length);

    const favicons = await suite.cast.client("reader").get(`${imagesPath}?kind=favicon&perPage=200`);
    expect(favicons.body.data.length).toBeGreaterThan(0);
    expect(new Set(favicons.body.data.map((image: { kind: string }) => image.kind))).toEqual(new Set(["favicon"]));

    const searched = await suite.cast.client("reader").get(`${imagesPath}?search=LISTED-FAV`);
    expect(searched.body.data.map((image: { id: string }) => image.id)).toEqual([own.body.id]);

    const paged = await suite.cast.client("reader").get(`${imagesPath}?perPage=1&page=2`);
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.pagination).toMatchObject({ page: 2, perPage: 1 });

    expect((await suite.cast.client("reader").get(`${imagesPath}?kind=poster`)).status).toBe(422);
  });

  it("serves HEAD and answers 304 to a matching If-None-Match", async () => {
    const created = await upload({ kind: "logo" }, [{ bytes: pngImage(5, 5) }]);
    const head = await fetch(suite.server.baseUrl + created.body.url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/png");
    expect(head.headers.get("content-length")).toBe(String(pngImage(5, 5).length));
    const etag = head.headers.get("etag")!;
    const again = await fetch(suite.server.baseUrl + created.body.url, {
      // fetch adds Cache-Control: no-cache to conditional requests unless told otherwise
      headers: { "If-None-Match": etag, "Cache-Control": "max-age=0" },
    });
    expect(again.status).toBe(304);
  });

  it.each([
    ["an unknown id", () => `/media/images/${randomUUID()}`],
    ["a malformed id", () => "/media/images/not-a-uuid"],
    ["a path below an image", () => `/media/images/${randomUUID()}/../../secret`],
    ["another media path", () => "/media/files/whatever"],
  ])("answers 404 for %s", async (_label, address) => {
    const response = await fetch(suite.server.baseUrl + address());
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers 404 when the row exists but the file is gone", async () => {
    const created = await upload({ kind: "logo" }, [{ bytes: pngImage(6, 6) }]);
    const image = await Image.query(suite.server.db).findById(created.body.id);
    await suite.server.deps.storage.delete(image!.storageKey);
    expect((await fetch(suite.server.baseUrl + created.body.url)).status).toBe(404);
  });

  function listStoredFiles(): string[] {
    const root = path.join(suite.server.config.varDir, "files");
    return existsSync(root) ? (readdirSync(root, { recursive: true }) as string[]).sort() : [];
  }
});
