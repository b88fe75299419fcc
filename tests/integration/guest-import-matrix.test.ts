import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Event } from "../../api/src/models/Event.ts";
import { buildCast, CAST_MEMBERS, expectNoChange, type Cast } from "../helpers/actors.ts";
import { databaseKinds } from "../helpers/databases.ts";
import { buildEvent } from "../helpers/events.ts";
import { uploadFile } from "../helpers/guestImport.ts";
import { buildListedEvent, EDITORS_UP, expectation, READ } from "../helpers/matrix.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

const CSV = "firstName,email\nAnn,ann@example.com\n";

describe.each(databaseKinds())("guest import and export routes × roles on %s", (kind) => {
  let server: TestServer;
  let cast: Cast;
  let event: Event;
  let base: string;

  beforeAll(async () => {
    server = await startTestServer({ kind });
    cast = await buildCast(server);
    event = await buildListedEvent(cast);
    base = `/api/v1/events/${cast.accountA.id}/${event.id}/imports`;
  });
  afterAll(() => server.close());

  /** A fresh import of the overseer's, mapped when asked. */
  async function freshImport(mapped: boolean): Promise<string> {
    const upload = await uploadFile(cast.client("overseer"), base, CSV);
    const id = upload.body.import.id as string;
    if (mapped)
      await cast.client("overseer").post(`${base}/${id}/mapping`, { mapping: { "0": "firstName", "1": "email" } });
    return id;
  }

  for (const member of CAST_MEMBERS) {
    it(`${member}: upload, mapping, process, delete (writes) and status, errors.csv, export (reads)`, async () => {
      const http = cast.client(member);
      const write = async (call: () => Promise<{ status: number }>, success: number) => {
        const want = expectation(success, EDITORS_UP)[member];
        const response = want === success ? await call() : await expectNoChange(server.db, call);
        expect(response.status).toBe(want);
      };
      const read = async (path: string) => expect((await http.get(path)).status).toBe(READ[member]);

      await write(() => uploadFile(http, base, CSV), 201);
      await write(
        () =>
          uploadFile(http, `/${event.slug}/admin/imports/uploadCsvJson`, CSV, { headers: { "x-has-headers": "1" } }),
        201,
      );
      const uploaded = await freshImport(false);
      await write(() => http.post(`${base}/${uploaded}/mapping`, { mapping: { "1": "email" } }), 200);
      const mapped = await freshImport(true);
      await write(() => http.post(`${base}/${mapped}/process`), 202);
      await server.deps.jobs.drain();
      const toCancel = await freshImport(true);
      await write(() => http.delete(`${base}/${toCancel}`), 200);
      await read(`${base}/${mapped}`);
      await read(`${base}/${mapped}/errors.csv`);
      await read(`/api/v1/events/${cast.accountA.id}/${event.id}/users/export?format=csv`);
    });
  }

  it("hides another account's import behind its own event path (404)", async () => {
    const id = await freshImport(false);
    const otherEvent = await buildEvent(server.db, cast.accountB.id);
    const response = await cast
      .client("outsiderOverseer")
      .get(`/api/v1/events/${cast.accountB.id}/${otherEvent.id}/imports/${id}`);
    expect(response.status).toBe(404);
  });
});
