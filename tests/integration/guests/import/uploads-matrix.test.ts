import { beforeAll, describe, expect, it } from "vitest";
import type { Event } from "../../../../api/src/models/Event.ts";
import { CAST_MEMBERS, expectNoChange } from "../../../helpers/actors.ts";
import { databaseKinds } from "../../../helpers/databases.ts";
import { putImportChunk } from "../../../helpers/importChunks.ts";
import { buildListedEvent, EDITORS_UP, expectation } from "../../../helpers/matrix.ts";
import { useCastServer } from "../../../helpers/suite.ts";

const CSV = Buffer.from("firstName,email\nAnn,ann@example.com\n");

/** The chunked upload's routes (issue 13, item 8) × every kind of caller: editors and above only. */
describe.each(databaseKinds())("guest import upload routes × roles on %s", (kind) => {
  const suite = useCastServer(kind);
  let event: Event;
  let uploads: string;

  beforeAll(async () => {
    event = await buildListedEvent(suite.cast);
    uploads = `/api/v1/events/${suite.cast.accountA.id}/${event.id}/imports/uploads`;
  });

  /** A fresh upload of the overseer's, its bytes all sent when asked. */
  async function freshUpload(isFull: boolean): Promise<string> {
    const overseer = suite.cast.client("overseer");
    const started = await overseer.post(uploads, { fileName: "guests.csv", size: CSV.length });
    const url = `${uploads}/${started.body.upload.id as string}`;
    if (isFull) expect((await putImportChunk(overseer, url, 0, CSV)).status).toBe(200);
    return url;
  }

  for (const member of CAST_MEMBERS) {
    it(`${member}: start, chunk, complete and read an upload`, async () => {
      const http = suite.cast.client(member);
      const check = async (call: () => Promise<{ status: number }>, success: number) => {
        const want = expectation(success, EDITORS_UP)[member];
        const response = want === success ? await call() : await expectNoChange(suite.server.db, call);
        expect(response.status).toBe(want);
      };
      await check(() => http.post(uploads, { fileName: "guests.csv", size: CSV.length }), 201);
      const started = await freshUpload(false);
      await check(() => putImportChunk(http, started, 0, CSV), 200);
      const full = await freshUpload(true);
      await check(() => http.get(full), 200);
      await check(() => http.post(`${full}/complete`), 201);
    });
  }
});
