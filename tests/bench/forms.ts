// Registrations through an online form (issue 11: ≥ 200 registrations/s on PostgreSQL, p95 ≤ 100 ms, no quota
// overshoot): 50 guests POST /{lang}/{event}/forms/sendForm/{id}, each a new email, half choosing a quota'd
// answer, on a form with a conditional group; the HTTP clients in a process of their own (httpLoad.ts).
// Two loads: saturation (each of the 50 sends again as soon as answered: the most registrations a second),
// and the bar's rate (200 registrations a second offered by the 50, as guests arrive on their own: the
// latency a guest sees at that rate, counted from when the registration was due). Floor: the same guests and
// answers inserted in raw SQL, one statement a guest, the same way over the same pool, in the server's process.
import type { Db } from "../../api/src/db/knex.ts";
import { buildEvent } from "../helpers/events.ts";
import { buildAccount } from "../helpers/factories.ts";
import { buildCustomField, guestRow } from "../helpers/guests.ts";
import { startTestServer } from "../helpers/server.ts";
import { HttpLoad } from "./httpLoad.ts";
import { inProcess, latencyRows, printTable } from "./stats.ts";
import { buildForm } from "../helpers/forms.ts";

const REGISTRATIONS = Number(process.env.BENCH_REGISTRATIONS ?? 2_000);
const GUESTS_AT_ONCE = 50;
const RUNS = 3;
const WARM_UP = 100;
/** The bar's rate, offered in the second load. */
const BAR_PER_SECOND = 200;
/** Saturation: the quota'd answer's places fill within the first run (later runs refuse it at once). */
const QUOTA = Math.floor(REGISTRATIONS / 4);
/** At the bar's rate: the places fill during the last run, so nearly every registration is taken. */
const PACED_QUOTA = Math.floor((WARM_UP + RUNS * REGISTRATIONS) / 2 - REGISTRATIONS / 4);

async function onlineForm(db: Db, quota: number) {
  const account = await buildAccount(db);
  const event = await buildEvent(db, account.id);
  const workshop = await buildCustomField(db, event, {
    label: "Workshop",
    type: "unique_choice",
    isRequired: true,
    options: [
      { id: "w0", label: "Morning", quota },
      { id: "w1", label: "Afternoon", quota: null },
    ],
  });
  const diet = await buildCustomField(db, event, { label: "Diet", isRequired: true });
  const size = await buildCustomField(db, event, { label: "Company size", type: "number" });
  const form = await buildForm(db, event, {
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

interface Load {
  title: string;
  quota: number;
  perSecond?: number;
}

export async function benchForms(): Promise<void> {
  const kind = process.env.DATABASE_URL ? "postgres" : "sqlite";
  // One address sends every registration: past the per-address limit they would be refused.
  const server = await startTestServer({ kind, env: { THROTTLE_REGISTRATIONS_PER_IP: "1000000" } });
  const clients = await HttpLoad.start();
  try {
    const saturation = `${GUESTS_AT_ONCE} guests at once, each sending again when answered`;
    const paced = `${BAR_PER_SECOND} registrations/s offered by ${GUESTS_AT_ONCE} guests (the bar's rate; latency from when each was due)`;
    await benchLoad(server.db, server.baseUrl, clients, kind, { title: saturation, quota: QUOTA });
    await benchLoad(server.db, server.baseUrl, clients, kind, {
      title: paced,
      quota: PACED_QUOTA,
      perSecond: BAR_PER_SECOND,
    });
  } finally {
    clients.close();
    await server.close();
  }
}

async function benchLoad(db: Db, baseUrl: string, clients: HttpLoad, kind: string, load: Load): Promise<void> {
  const { event, form, workshop, diet, size } = await onlineForm(db, load.quota);
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
    url: `${baseUrl}/fr/${event.slug}/forms/sendForm/${form.id}`,
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
  await register(WARM_UP, GUESTS_AT_ONCE, load.perSecond);
  await insert(WARM_UP, GUESTS_AT_ONCE, load.perSecond);
  const figures = [];
  const floors = [];
  for (let run = 0; run < RUNS; run++) {
    figures.push(await register(REGISTRATIONS, GUESTS_AT_ONCE, load.perSecond));
    floors.push(await insert(REGISTRATIONS, GUESTS_AT_ONCE, load.perSecond));
  }
  // The run of the median p95 (at saturation, of the median throughput), with its own p50 and rate.
  const middle = <T extends { perSecond: number; p95: number }>(runs: T[]) =>
    [...runs].sort((a, b) => (load.perSecond ? a.p95 - b.p95 : a.perSecond - b.perSecond))[
      Math.floor(runs.length / 2)
    ]!;
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
    `registrations through a form on ${kind}: ${load.title}, ${REGISTRATIONS.toLocaleString("en")} a run, ` +
      `median of ${RUNS} runs (each a new email, half choosing the answer whose quota is ${load.quota}, ` +
      `a conditional group); floor = each guest and its answers inserted in raw SQL, the same way`,
    [
      ...latencyRows("POST sendForm", middle(figures), middle(floors), { figure: "registrations", floor: "inserts" }),
      {
        operation: "quota'd answer",
        figure: `${morning} guests hold it`,
        floor: `quota ${load.quota}`,
        ratio: morning > load.quota ? `OVERSHOOT ${morning - load.quota}` : "0 overshoot",
      },
      { operation: "guests registered", figure: String(chosen.length), floor: "", ratio: "" },
    ],
  );
}
