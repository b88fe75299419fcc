import { beforeAll, describe, expect, it } from "vitest";
import type { Event } from "../../../../api/src/models/Event.ts";
import { CAST_MEMBERS, expectNoChange } from "../../../helpers/actors.ts";
import { databaseKinds } from "../../../helpers/databases.ts";
import { buildEvent } from "../../../helpers/events.ts";
import { uploadFile } from "../../../helpers/guestImport.ts";
import { buildListedEvent, EDITORS_UP, expectation, READ } from "../../../helpers/matrix.ts";
import { useCastServer } from "../../../helpers/suite.ts";

const CSV = "firstName,email\nAnn,ann@example.com\n";

describe.each(databaseKinds())("guest import and export routes × roles on %s", (kind) => {
  const suite = useCastServer(kind);
  let event: Event;
  let base: string;

  beforeAll(async () => {
    event = await buildListedEvent(suite.cast);
    base = `/api/v1/events/${suite.cast.accountA.id}/${event.id}/imports`;
  });

  /** A fresh import of the overseer's, mapped when asked. */
  async function freshImport(mapped: boolean): Promise<string> {
    const upload = await uploadFile(suite.cast.client("overseer"), base, CSV);
    const id = upload.body.import.id as string;
    if (mapped)
      await suite.cast
        .client("overseer")
        .post(`${base}/${id}/mapping`, { mapping: { "0": "firstName", "1": "email" } });
    return id;
  }

  for (const member of CAST_MEMBERS) {
    it(`${member}: upload, mapping, process, delete (writes) and status, errors.csv, export (reads)`, async () => {
      const http = suite.cast.client(member);
      const write = async (call: () => Promise<{ status: number }>, success: number) => {
        const want = expectation(success, EDITORS_UP)[member];
        const response = want === success ? await call() : await expectNoChange(suite.server.db, call);
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
      await suite.server.deps.jobs.drain();
      const toCancel = await freshImport(true);
      await write(() => http.delete(`${base}/${toCancel}`), 200);
      await read(`${base}/${mapped}`);
      await read(`${base}/${mapped}/errors.csv`);
      await read(`/api/v1/events/${suite.cast.accountA.id}/${event.id}/users/export?format=csv`);
    });
  }

  it("hides another account's import behind its own event path (404)", async () => {
    const id = await freshImport(false);
    const otherEvent = await buildEvent(suite.server.db, suite.cast.accountB.id);
    const response = await suite.cast
      .client("outsiderOverseer")
      .get(`/api/v1/events/${suite.cast.accountB.id}/${otherEvent.id}/imports/${id}`);
    expect(response.status).toBe(404);
  });
});
