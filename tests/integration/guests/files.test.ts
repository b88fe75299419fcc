import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { CUSTOM_FIELD_FILE_MAX_BYTES } from "@tessera/shared";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import type { CustomField } from "../../../api/src/models/CustomField.ts";
import type { Event } from "../../../api/src/models/Event.ts";
import { Guest } from "../../../api/src/models/Guest.ts";
import { GuestFile } from "../../../api/src/models/GuestFile.ts";
import { CAST_MEMBERS, expectNoChange, type CastMember } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildCustomField, buildGuest } from "../../helpers/guests.ts";
import { buildListedEvent, READ, sendGuarded, write } from "../../helpers/matrix.ts";
import { GIF_1X1, HTML_PAGE, JPEG_1X1, SVG_IMAGE, WEBP_1X1, bigPng, pngImage } from "../../helpers/imageFixtures.ts";
import { useCastServer } from "../../helpers/suite.ts";
import { postEndlessMultipart, postMultipart } from "../../helpers/uploads.ts";
import { BARE_ZIP, DOCX, ODT, PDF } from "../../helpers/zipFixtures.ts";

/**
 * Answers to `file` custom fields: uploaded (type sniffed, size refused while streaming), stored, set as
 * the guest's answer and served back as an attachment to whoever sees the event; a replaced or cleared
 * answer, a deleted guest or field leaves no stored file behind.
 */

const WRITE = write(201);

async function xlsxFile(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet("Sheet").addRow(["a", 1]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe.each(databaseKinds())("guest file answers on %s", (kind) => {
  const suite = useCastServer(kind);
  let event: Event;
  let base: string;
  let attachment: CustomField;
  let text: CustomField;

  beforeAll(async () => {
    event = await buildListedEvent(suite.cast);
    base = `/api/v1/events/${suite.cast.accountA.id}/${event.id}`;
    attachment = await buildCustomField(suite.server.db, event, { type: "file", name: "cv", label: "CV" });
    text = await buildCustomField(suite.server.db, event, { type: "short_text" });
  });

  const tokenOf = (member: CastMember): string | undefined =>
    member === "anonymous" ? undefined : member === "apiKey" ? suite.cast.apiKey.token : suite.cast.users[member].token;
  const upload = (
    guestId: string,
    bytes: Uint8Array,
    options: { fileName?: string; contentType?: string; field?: string; member?: CastMember; lang?: string } = {},
  ) =>
    postMultipart(suite.server.baseUrl, `${base}/users/${guestId}/files`, {
      token: tokenOf(options.member ?? "editor"),
      fields: { customFieldId: options.field ?? attachment.id },
      files: [{ bytes, fileName: options.fileName ?? "file.bin", contentType: options.contentType }],
      lang: options.lang,
    });
  const download = (guestId: string, fileId: string, member: CastMember = "reader") => {
    const token = tokenOf(member);
    return fetch(`${suite.server.baseUrl}${base}/users/${guestId}/files/${fileId}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  };
  const storedFiles = (): string[] => {
    const root = path.join(suite.server.config.varDir, "files", "guest-files");
    return existsSync(root)
      ? (readdirSync(root, { recursive: true }) as string[]).filter((name) => name.includes(".")).sort()
      : [];
  };

  it("stores a PDF as the guest's answer (audited) and serves it back as an attachment, nosniff", async () => {
    const guest = await buildGuest(suite.server.db, event, {});
    const response = await upload(guest.id, PDF, { fileName: "Mon CV (2026).pdf", contentType: "text/html" });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const answer = response.body.answers[attachment.id];
    expect(answer).toEqual({ fileId: expect.any(String), name: "Mon CV (2026).pdf", size: PDF.length });
    expect((await Guest.query(suite.server.db).findById(guest.id))!.answers[attachment.id]).toEqual(answer);
    const row = await GuestFile.query(suite.server.db).findById(answer.fileId);
    expect(row).toMatchObject({ guestId: guest.id, customFieldId: attachment.id, mimeType: "application/pdf" });
    const [audit] = await AuditLog.query(suite.server.db).where({ subjectId: guest.id, action: "guest.updated" });
    expect(audit!.after).toEqual({ answers: { [attachment.id]: answer } });

    const served = await download(guest.id, answer.fileId);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("content-disposition")).toMatch(/^attachment; filename="Mon CV \(2026\)\.pdf"/);
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("cache-control")).toBe("private, no-store");
  });

  it.each([
    ["a PNG named .txt", pngImage(2, 2), "image/png", "png"],
    ["a JPEG", JPEG_1X1, "image/jpeg", "jpg"],
    ["a WebP", WEBP_1X1, "image/webp", "webp"],
    ["a GIF", GIF_1X1, "image/gif", "gif"],
    ["a DOCX", DOCX, "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "docx"],
    ["an ODT", ODT, "application/vnd.oasis.opendocument.text", "odt"],
  ])("accepts %s, typed and named from its content", async (_label, bytes, mimeType, extension) => {
    const guest = await buildGuest(suite.server.db, event, {});
    const response = await upload(guest.id, bytes, { fileName: "notes.txt", contentType: "text/plain" });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    // The name says what the file is: a reader's system opens it as that, never as what the name claimed.
    expect(response.body.answers[attachment.id].name).toBe(`notes.${extension}`);
    const served = await download(guest.id, response.body.answers[attachment.id].fileId);
    expect(served.headers.get("content-type")).toBe(mimeType);
    expect(served.headers.get("content-disposition")).toContain(`filename="notes.${extension}"`);
  });

  it("downloads a file stored under a misleading name with the extension of its type", async () => {
    const guest = await buildGuest(suite.server.db, event, {});
    const response = await upload(guest.id, PDF, { fileName: "invoice.pdf" });
    const fileId = response.body.answers[attachment.id].fileId as string;
    // As a file stored before names were checked would be.
    await GuestFile.query(suite.server.db).patch({ name: "invoice.exe" }).where({ id: fileId });
    const served = await download(guest.id, fileId);
    expect(served.headers.get("content-disposition")).toContain('filename="invoice.pdf"');
    const jpeg = await upload(guest.id, JPEG_1X1, { fileName: "photo.JPEG" });
    expect(jpeg.body.answers[attachment.id].name).toBe("photo.JPEG");
  });

  it("accepts an XLSX", async () => {
    const guest = await buildGuest(suite.server.db, event, {});
    const response = await upload(guest.id, await xlsxFile(), { fileName: "budget.xlsx" });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const served = await download(guest.id, response.body.answers[attachment.id].fileId);
    expect(served.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
  });

  it.each([
    ["a bare ZIP", BARE_ZIP, "archive.zip"],
    ["an HTML page named .pdf", HTML_PAGE, "cv.pdf"],
    ["an SVG", SVG_IMAGE, "logo.svg"],
    ["plain text", Buffer.from("name,email\nA,a@example.com\n"), "list.csv"],
    ["an empty file", Buffer.alloc(0), "empty.pdf"],
  ])("refuses %s: 'Unsupported file type.', nothing stored", async (_label, bytes, fileName) => {
    const guest = await buildGuest(suite.server.db, event, {});
    const before = storedFiles();
    const response = await expectNoChange(suite.server.db, () => upload(guest.id, bytes, { fileName }));
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code: "unsupported_file_type", message: "Unsupported file type." });
    expect(storedFiles()).toEqual(before);
  });

  it("says it in the caller's language", async () => {
    const guest = await buildGuest(suite.server.db, event, {});
    const fr = await upload(guest.id, BARE_ZIP, { lang: "fr" });
    expect(fr.body.error.message).toBe("Type de fichier non pris en charge.");
    const es = await upload(guest.id, BARE_ZIP, { lang: "es" });
    expect(es.body.error.message).toBe("Tipo de archivo no admitido.");
  });

  it("refuses a file one byte over the limit (413 'File too big.'), and an endless one while it streams", async () => {
    const guest = await buildGuest(suite.server.db, event, {});
    const before = storedFiles();
    const over = await expectNoChange(suite.server.db, () =>
      upload(guest.id, bigPng(CUSTOM_FIELD_FILE_MAX_BYTES + 1), { fileName: "big.png" }),
    );
    expect(over.status).toBe(413);
    expect(over.body.error).toMatchObject({ code: "file_too_big", message: "File too big." });
    const stopAfterBytes = 256 * 1024 * 1024;
    const endless = await postEndlessMultipart(suite.server.baseUrl, `${base}/users/${guest.id}/files`, {
      token: suite.cast.users.editor.token,
      fields: { customFieldId: attachment.id },
      stopAfterBytes,
    });
    expect(endless.status).toBe(413);
    expect(endless.bytesSentBeforeAnswer).toBeLessThan(stopAfterBytes / 4);
    expect(storedFiles()).toEqual(before);
    const atLimit = await upload(guest.id, bigPng(CUSTOM_FIELD_FILE_MAX_BYTES), { fileName: "max.png" });
    expect(atLimit.status).toBe(201);
    expect(atLimit.body.answers[attachment.id].size).toBe(CUSTOM_FIELD_FILE_MAX_BYTES);
  });

  it("refuses a field that is not a file field, a missing file, a non-multipart body, changing nothing", async () => {
    const guest = await buildGuest(suite.server.db, event, {});
    const other = await buildEvent(suite.server.db, suite.cast.accountA.id);
    const foreignField = await buildCustomField(suite.server.db, other, { type: "file" });
    for (const field of [text.id, foreignField.id, "not-a-uuid"]) {
      const response = await expectNoChange(suite.server.db, () => upload(guest.id, PDF, { field }));
      expect(response.status, field).toBe(422);
    }
    const noFile = await expectNoChange(suite.server.db, () =>
      postMultipart(suite.server.baseUrl, `${base}/users/${guest.id}/files`, {
        token: suite.cast.users.editor.token,
        fields: { customFieldId: attachment.id },
      }),
    );
    expect(noFile.status).toBe(422);
    const json = await suite.cast
      .client("editor")
      .post(`${base}/users/${guest.id}/files`, { customFieldId: attachment.id });
    expect(json.status).toBe(415);
  });

  it("replacing or clearing the answer deletes the old file; a forged answer is refused", async () => {
    const guest = await buildGuest(suite.server.db, event, {});
    const first = (await upload(guest.id, PDF, { fileName: "one.pdf" })).body.answers[attachment.id];
    const filesWithFirst = storedFiles();
    const second = (await upload(guest.id, pngImage(2, 2), { fileName: "two.png" })).body.answers[attachment.id];
    expect(second.fileId).not.toBe(first.fileId);
    expect(await GuestFile.query(suite.server.db).findById(first.fileId)).toBeUndefined();
    expect((await download(guest.id, first.fileId)).status).toBe(404);
    expect(storedFiles()).toHaveLength(filesWithFirst.length);

    // Another guest's file, or a made-up one, cannot be put in an answer by a plain update.
    const other = await buildGuest(suite.server.db, event, {});
    for (const forged of [first, { fileId: second.fileId, name: "x.pdf", size: 3 }]) {
      const refused = await expectNoChange(suite.server.db, () =>
        suite.cast.client("editor").post(`${base}/users/${other.id}`, { answers: { [attachment.id]: forged } }),
      );
      expect(refused.status).toBe(422);
    }
    // Sending the current answer back unchanged is fine (a form saving every field).
    const same = await suite.cast.client("editor").post(`${base}/users/${guest.id}`, {
      answers: { [attachment.id]: second, [text.id]: "kept" },
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.answers[attachment.id]).toEqual(second);

    const cleared = await suite.cast.client("editor").post(`${base}/users/${guest.id}`, {
      answers: { [attachment.id]: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.answers[attachment.id]).toBeUndefined();
    expect(await GuestFile.query(suite.server.db).findById(second.fileId)).toBeUndefined();
    expect(storedFiles()).toHaveLength(filesWithFirst.length - 1);
  });

  it("deleting the guest, or the field, removes the stored files", async () => {
    const field = await buildCustomField(suite.server.db, event, { type: "file" });
    const guest = await buildGuest(suite.server.db, event, {});
    const before = storedFiles();
    await upload(guest.id, PDF);
    await upload(guest.id, pngImage(2, 2), { field: field.id });
    expect(storedFiles()).toHaveLength(before.length + 2);
    expect((await suite.cast.client("editor").delete(`${base}/customfields/${field.id}`)).status).toBe(200);
    expect(storedFiles()).toHaveLength(before.length + 1);
    expect((await suite.cast.client("editor").delete(`${base}/users/${guest.id}`)).status).toBe(200);
    expect(storedFiles()).toEqual(before);
    expect(await GuestFile.query(suite.server.db).where({ guestId: guest.id })).toEqual([]);

    const many = await buildGuest(suite.server.db, event, {});
    await upload(many.id, PDF);
    expect((await suite.cast.client("editor").post(`${base}/deleteusers`, { ids: [many.id] })).status).toBe(200);
    expect(storedFiles()).toEqual(before);
  });

  it("deleting the event removes its guests' stored files", async () => {
    const doomed = await buildEvent(suite.server.db, suite.cast.accountA.id);
    const field = await buildCustomField(suite.server.db, doomed, { type: "file" });
    const guest = await buildGuest(suite.server.db, doomed, {});
    const before = storedFiles();
    const stored = await postMultipart(
      suite.server.baseUrl,
      `/api/v1/events/${suite.cast.accountA.id}/${doomed.id}/users/${guest.id}/files`,
      { token: suite.cast.users.overseer.token, fields: { customFieldId: field.id }, files: [{ bytes: PDF }] },
    );
    expect(stored.status).toBe(201);
    expect(storedFiles()).toHaveLength(before.length + 1);
    const deleted = await suite.cast
      .client("overseer")
      .delete(`/api/v1/accounts/${suite.cast.accountA.id}/events/${doomed.id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(storedFiles()).toEqual(before);
  });

  it("a merge moves the merged guest's file to the kept guest, answer included", async () => {
    const kept = await buildGuest(suite.server.db, event, {});
    const merged = await buildGuest(suite.server.db, event, {});
    const fileId = (await upload(merged.id, PDF)).body.answers[attachment.id].fileId;
    const response = await suite.cast
      .client("editor")
      .post(`${base}/duplicates/merge`, { keepId: kept.id, mergeId: merged.id });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect((await Guest.query(suite.server.db).findById(kept.id))!.answers[attachment.id]).toMatchObject({ fileId });
    expect((await download(kept.id, fileId)).status).toBe(200);
  });

  it("a file of another guest, or of an event the caller does not see, is 404", async () => {
    const guest = await buildGuest(suite.server.db, event, {});
    const other = await buildGuest(suite.server.db, event, {});
    const fileId = (await upload(guest.id, PDF)).body.answers[attachment.id].fileId;
    expect((await download(other.id, fileId)).status).toBe(404);
    const hidden = await buildEvent(suite.server.db, suite.cast.accountA.id);
    const hiddenField = await buildCustomField(suite.server.db, hidden, { type: "file" });
    const hiddenGuest = await buildGuest(suite.server.db, hidden, {});
    const hiddenBase = `/api/v1/events/${suite.cast.accountA.id}/${hidden.id}`;
    const stored = await postMultipart(suite.server.baseUrl, `${hiddenBase}/users/${hiddenGuest.id}/files`, {
      token: suite.cast.users.overseer.token,
      fields: { customFieldId: hiddenField.id },
      files: [{ bytes: PDF, fileName: "secret.pdf" }],
    });
    expect(stored.status).toBe(201);
    const hiddenFile = stored.body.answers[hiddenField.id].fileId;
    const organizer = await fetch(`${suite.server.baseUrl}${hiddenBase}/users/${hiddenGuest.id}/files/${hiddenFile}`, {
      headers: { Authorization: `Bearer ${suite.cast.users.organizer.token}` },
    });
    expect(organizer.status).toBe(404);
    // The right event but a file id of another event's guest.
    expect((await download(guest.id, hiddenFile, "overseer")).status).toBe(404);
  });

  it("answers upload and download × every kind of caller; refused uploads change nothing", async () => {
    const failures: string[] = [];
    for (const member of CAST_MEMBERS) {
      const guest = await buildGuest(suite.server.db, event, {});
      const send = () => upload(guest.id, PDF, { member, fileName: `${member}.pdf` });
      const expected = WRITE[member];
      const response = await sendGuarded(suite.server.db, expected, send);
      if (response.status !== expected) failures.push(`upload as ${member}: ${response.status} ≠ ${expected}`);
    }
    const guest = await buildGuest(suite.server.db, event, {});
    const fileId = (await upload(guest.id, PDF)).body.answers[attachment.id].fileId;
    for (const member of CAST_MEMBERS) {
      const response = await download(guest.id, fileId, member);
      await response.arrayBuffer();
      if (response.status !== READ[member])
        failures.push(`download as ${member}: ${response.status} ≠ ${READ[member]}`);
    }
    expect(failures).toEqual([]);
  });
});
