// Registrations through an online form (issue 11: ≥ 200 registrations/s on PostgreSQL, p95 ≤ 100 ms, no quota
// overshoot): 50 guests at once POST /{lang}/{event}/forms/sendForm/{id}, each a new email, half choosing
// the answer whose quota fills during the run, on a form with a conditional group; the HTTP clients in a
// process of their own (httpLoad.ts). Floor: the same guests and answers inserted in raw SQL, one statement a
// guest, 50 at once over the same pool, in the server's process.
import { randomUUID } from "node:crypto";
import { Form } from "../../api/src/models/Form.ts";
import type { Db } from "../../api/src/db/knex.ts";
import { buildEvent } from "../helpers/events.ts";
import { buildAccount } from "../helpers/factories.ts";
import { buildCustomField, guestRow } from "../helpers/guests.ts";
import { startTestServer } from "../helpers/server.ts";
import { HttpLoad } from "./httpLoad.ts";
import { inProcess, latencyRows, printTable } from "./stats.ts";

const REGISTRATIONS = Number(process.env.BENCH_REGISTRATIONS ?? 2_000);
const GUESTS_AT_ONCE = 50;
const RUNS = 3;
/** Places of the quota'd answer: filled within the first run. */
const QUOTA = Math.floor(REGISTRATIONS / 4);

async function onlineForm(db: Db) {
  const account = await buildAccount(db);
  const event = await buildEvent(db, account.id);
  const workshop = await buildCustomField(db, event, {
    label: "Workshop",
    type: "unique_choice",
    isRequired: true,
    options: [
      { id: "w0", label: "Morning", quota: QUOTA },
      { id: "w1", label: "Afternoon", quota: null },
    ],
  });
  const diet = await buildCustomField(db, event, { label: "Diet", isRequired: true });
  const size = await buildCustomField(db, event, { label: "Company size", type: "number" });
  const form = await Form.query(db).insertAndFetch({
    id: randomUUID(),
    accountId: account.id,
    eventId: event.id,
    type: "registration",
    state: "online",
    title: "Register",
    options: {},
    createdBy: null,
    items: [
      { kind: "question", id: "q-workshop", fieldId: workshop.id },
      { kind: "question", id: "q-size", fieldId: size.id },
      {
        kind: "group",
        id: "g-morning",
        condition: { fieldId: workshop.id, answers: ["w0"] },
        items: [{ kind: "question", id: "q-diet", fieldId: diet.id }],
      },
      { kind: "participation", id: "attend", title: "Will you attend?" },
    ],
  });
  return { event, form, workshop, diet, size };
}

export async function benchForms(): Promise<void> {
  const kind = process.env.DATABASE_URL ? "postgres" : "sqlite";
  const server = await startTestServer({ kind });
  const clients = await HttpLoad.start();
  try {
    const { db } = server;
    const { event, form, workshop, diet, size } = await onlineForm(db);
    const body = JSON.stringify({
      formId: form.id,
      mail: "guest{{n}}@bench.example.org",
      items: {
        firstName: "Guest",
        lastName: "Number {{n}}",
        answers: { [workshop.id]: "w{{n%2}}", [diet.id]: "vegetarian", [size.id]: 42 },
        participation: true,
      },
    });
    const register = clients.measurer({
      url: `${server.baseUrl}/fr/${event.slug}/forms/sendForm/${form.id}`,
      headers: { "Content-Type": "application/json" },
      check: { asks: "any", offset: 0 },
      body,
      accepts: [201, 409],
    });
    // The floor's guests go to another event, so that the form's quota counts only registrations.
    const floorEvent = await buildEvent(db, event.accountId);
    const insert = inProcess(() =>
      db("guests").insert(
        guestRow(floorEvent, {
          status: "confirmed",
          createdSource: "registration",
          answers: { [workshop.id]: "w1", [diet.id]: "vegetarian", [size.id]: 42 } as never,
        }),
      ),
    );
    await register(100, GUESTS_AT_ONCE);
    await insert(100, GUESTS_AT_ONCE);
    const figures = [];
    const floors = [];
    for (let run = 0; run < RUNS; run++) {
      figures.push(await register(REGISTRATIONS, GUESTS_AT_ONCE));
      floors.push(await insert(REGISTRATIONS, GUESTS_AT_ONCE));
    }
    const middle = <T extends { perSecond: number }>(runs: T[]) =>
      [...runs].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(runs.length / 2)]!;
    const chosen = (await db("guests")
      .where({ eventId: event.id })
      .whereIn("status", ["confirmed", "pending_approval"])
      .select("answers")) as { answers: unknown }[];
    const morning = chosen.filter((row) => {
      const answers = (typeof row.answers === "string" ? JSON.parse(row.answers) : row.answers) as Record<
        string,
        unknown
      >;
      return answers[workshop.id] === "w0";
    }).length;
    printTable(
      `registrations through a form on ${kind}: ${GUESTS_AT_ONCE} guests at once, ${REGISTRATIONS.toLocaleString("en")} a run, ` +
        `median of ${RUNS} runs (each a new email, half choosing the answer whose quota of ${QUOTA} fills in the first run, ` +
        `a conditional group); floor = each guest and its answers inserted in raw SQL, ${GUESTS_AT_ONCE} at once`,
      [
        ...latencyRows("POST sendForm", middle(figures), middle(floors), { figure: "registrations", floor: "inserts" }),
        {
          operation: "quota'd answer",
          figure: `${morning} guests hold it`,
          floor: `quota ${QUOTA}`,
          ratio: morning > QUOTA ? `OVERSHOOT ${morning - QUOTA}` : "0 overshoot",
        },
        { operation: "guests registered", figure: String(chosen.length), floor: "", ratio: "" },
      ],
    );
  } finally {
    clients.close();
    await server.close();
  }
}
