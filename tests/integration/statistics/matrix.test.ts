import { describe, expect, it } from "vitest";
import type { Event } from "../../../api/src/models/Event.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildCustomField, buildGuest } from "../../helpers/guests.ts";
import {
  buildListedEvent,
  describeRows,
  expectMatrixCall,
  READ,
  type MatrixCall,
  type MatrixRow,
} from "../../helpers/matrix.ts";
import { useCastServer } from "../../helpers/suite.ts";
import { buildForm } from "../../helpers/forms.ts";

/**
 * The statistics routes × every kind of caller (QUALITY.md, tenant isolation). Each call targets a fresh event
 * of account A with a guest, a counted question and a survey, listed for the reader, editor and organizer:
 * anyone who sees the event reads its figures; account B's users get 404, anonymous callers 401.
 */

interface Target {
  base: string;
  slug: string;
  surveyId: string;
}
const ROWS: MatrixRow<[Target], MatrixCall>[] = [
  {
    name: "GET statistics/attendance",
    expect: READ,
    call: (t) => ({ method: "GET", path: `${t.base}/statistics/attendance` }),
  },
  {
    name: "GET statistics/attendance?form={survey}",
    expect: READ,
    call: (t) => ({ method: "GET", path: `${t.base}/statistics/attendance?form=${t.surveyId}` }),
  },
  {
    name: "GET /{event}/admin/statistics/attendance (legacy)",
    expect: READ,
    call: (t) => ({ method: "GET", path: `/${t.slug}/admin/statistics/attendance?language=es` }),
  },
];

describe.each(databaseKinds())("statistics: role × route matrix on %s", (kind) => {
  const suite = useCastServer(kind);

  async function target(event?: Event): Promise<Target> {
    const where = event ?? (await buildListedEvent(suite.cast));
    const { db } = suite.server;
    const choice = await buildCustomField(db, where, {
      label: "Workshop",
      type: "unique_choice",
      options: [{ id: "am", label: "Morning" }],
    });
    await buildGuest(db, where, { status: "confirmed", answers: { [choice.id]: "am" } });
    const survey = await buildForm(db, where, {
      type: "survey",
      title: "Survey",
      items: [{ kind: "question", id: "q", fieldId: choice.id }] as never,
    });
    return {
      base: `/api/v1/events/${suite.cast.accountA.id}/${where.id}`,
      slug: where.slug,
      surveyId: survey.id,
    };
  }

  describeRows(ROWS, async (row, member) => {
    const response = await expectMatrixCall(suite.cast, member, row.expect[member], row.call(await target()));
    if (response.status === 200) expect(response.body.guests).toBe(1);
  });

  it("hides the figures of an event the caller is not tied to (404)", async () => {
    const t = await target(await buildEvent(suite.server.db, suite.cast.accountA.id));
    for (const member of ["reader", "editor", "organizer"] as const) {
      for (const row of ROWS) {
        const response = await suite.cast.client(member).get(row.call(t).path);
        expect(response.status, `${row.name} as ${member}`).toBe(404);
      }
    }
  });

  it("reads no survey of another event through this event's address (404)", async () => {
    const mine = await target();
    const other = await target();
    const response = await suite.cast
      .client("overseer")
      .get(`${mine.base}/statistics/attendance?form=${other.surveyId}`);
    expect(response.status).toBe(404);
  });
});
