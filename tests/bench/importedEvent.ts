// An event whose guests arrived as an organizer's import does: exported from the event they were seeded in
// (CSV, through the API), imported into the measured event through the API (upload, the suggested mapping,
// processing by the job), and the seeded copies deleted. The measured event is then as an import leaves it.
import type { Db } from "../../api/src/db/knex.ts";
import type { CustomField } from "../../api/src/models/CustomField.ts";
import { GuestImport } from "../../api/src/models/GuestImport.ts";
import { buildCustomField } from "../helpers/guests.ts";
import { uploadFile } from "../helpers/guestImport.ts";
import type { TestServer } from "../helpers/server.ts";

type EventRef = { id: string; accountId: string };

/** The same custom fields (labels, types, options) on `target`: what the import maps by label. */
async function copyFields(db: Db, fields: readonly CustomField[], target: EventRef): Promise<CustomField[]> {
  const copies: CustomField[] = [];
  for (const field of fields)
    copies.push(
      await buildCustomField(db, target, {
        type: field.type,
        label: field.label,
        options: field.options,
        rules: field.rules,
      }),
    );
  return copies;
}

/** Moves `source`'s guests into `target` through an export and an import; the fields of `target` are returned. */
export async function importThroughApi(
  server: TestServer,
  token: string,
  from: { event: EventRef; fields: readonly CustomField[] },
  target: EventRef,
): Promise<{ fields: CustomField[]; seconds: number; guests: number }> {
  const fields = await copyFields(server.db, from.fields, target);
  const started = performance.now();
  const headers = { Authorization: `Bearer ${token}` };
  const exported = await fetch(
    `${server.baseUrl}/api/v1/events/${from.event.accountId}/${from.event.id}/users/export?format=csv`,
    { headers },
  );
  if (exported.status !== 200) throw new Error(`export: ${exported.status}`);
  const file = new Uint8Array(await exported.arrayBuffer());
  const http = server.http.as(token);
  const imports = `/api/v1/events/${target.accountId}/${target.id}/imports`;
  const upload = await uploadFile(http, imports, file);
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${JSON.stringify(upload.body).slice(0, 300)}`);
  const id = upload.body.import.id as string;
  const mapped = await http.post(`${imports}/${id}/mapping`, { mapping: upload.body.suggestedMapping });
  if (mapped.status !== 200 || mapped.body.import.failedRows || mapped.body.import.warningRows)
    throw new Error(`mapping: ${JSON.stringify(mapped.body).slice(0, 500)}`);
  if ((await http.post(`${imports}/${id}/process`)).status !== 202) throw new Error("process refused");
  let done = await GuestImport.query(server.db).findById(id);
  while (done?.status === "processing") {
    await new Promise((resolve) => setTimeout(resolve, 100));
    done = await GuestImport.query(server.db).findById(id);
  }
  if (done?.status !== "done") throw new Error(`import ended ${done?.status}`);
  // The job has run its VACUUM ANALYZE after writing; wait for the queue before measuring anything.
  await server.deps.jobs.drain(120_000);
  const seconds = (performance.now() - started) / 1000;
  await server.db("guests").where({ eventId: from.event.id }).delete();
  return { fields, seconds, guests: done.createdRows };
}
