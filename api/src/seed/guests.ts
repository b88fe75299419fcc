import { randomUUID } from "node:crypto";
import {
  seededRandom,
  withoutAccents,
  type AnswerValue,
  type CustomFieldOption,
  type CustomFieldRules,
  type CustomFieldType,
  type GuestSource,
  type GuestStatus,
  type MailStatus,
} from "@tessera/shared";
import type { Knex } from "../db/knex.ts";
import { CustomField } from "../models/CustomField.ts";
import type { Event } from "../models/Event.ts";
import { derivedGuestColumns } from "../services/guests/prepare.ts";

const FIRST_NAMES = {
  fr: [
    "Camille",
    "Léa",
    "Chloé",
    "Manon",
    "Inès",
    "Élodie",
    "Hélène",
    "Théo",
    "Lucas",
    "Hugo",
    "Louis",
    "Jérôme",
    "François",
    "Noémie",
    "Sébastien",
    "Aurélie",
    "Gaëlle",
    "Benoît",
    "Clément",
    "Margaux",
  ],
  en: [
    "Oliver",
    "Amelia",
    "George",
    "Isla",
    "Harry",
    "Emily",
    "Jack",
    "Sophie",
    "Charlotte",
    "James",
    "Grace",
    "William",
    "Lucy",
    "Thomas",
    "Hannah",
    "Daniel",
    "Olivia",
    "Samuel",
    "Ella",
    "Henry",
  ],
  es: [
    "José",
    "María",
    "Lucía",
    "Sofía",
    "Martín",
    "Álvaro",
    "Javier",
    "Inés",
    "Carmen",
    "Pablo",
    "Raúl",
    "Elena",
    "Andrés",
    "Marta",
    "Sergio",
    "Nuria",
    "Íñigo",
    "Begoña",
    "Ramón",
    "Adrián",
  ],
} as const;
const LAST_NAMES = {
  fr: [
    "Martin",
    "Bernard",
    "Dubois",
    "Thomas",
    "Robert",
    "Richard",
    "Petit",
    "Durand",
    "Leroy",
    "Moreau",
    "Lefèvre",
    "Girard",
    "Bonnet",
    "Fournier",
    "Mercier",
    "Rousseau",
    "Chevalier",
    "Lambert",
    "Faure",
    "Gauthier",
  ],
  en: [
    "Smith",
    "Jones",
    "Taylor",
    "Brown",
    "Williams",
    "Wilson",
    "Johnson",
    "Davies",
    "Robinson",
    "Wright",
    "Thompson",
    "Evans",
    "Walker",
    "White",
    "Roberts",
    "Green",
    "Hall",
    "Wood",
    "Jackson",
    "Clarke",
  ],
  es: [
    "García",
    "Fernández",
    "González",
    "Rodríguez",
    "López",
    "Martínez",
    "Sánchez",
    "Pérez",
    "Gómez",
    "Martín",
    "Jiménez",
    "Ruiz",
    "Hernández",
    "Díaz",
    "Moreno",
    "Muñoz",
    "Álvarez",
    "Romero",
    "Navarro",
    "Torres",
  ],
} as const;
const COMPANIES = {
  fr: [
    "Atelier Lumière",
    "Boulangeries Réunies",
    "Groupe Vélocité",
    "Société Générale des Eaux",
    "Maison Ferrand",
    "Cabinet Moreau & Associés",
    "Transports Giraud",
    "Éditions du Quai",
  ],
  en: [
    "Northwind Traders",
    "Blue Harbour Ltd",
    "Kingsley Analytics",
    "Red Fern Studio",
    "Oakridge Consulting",
    "Thames Logistics",
    "Brightwell Health",
    "Copperleaf Media",
  ],
  es: [
    "Soluciones Ibéricas",
    "Grupo Alhambra",
    "Bodegas del Duero",
    "Tecnologías Cibeles",
    "Construcciones Levante",
    "Viajes Sol y Mar",
    "Editorial Castilla",
    "Energía Atlántica",
  ],
} as const;
const JOB_TITLES = [
  "CEO",
  "Marketing manager",
  "Sales director",
  "Engineer",
  "Project manager",
  "Consultant",
  "Designer",
  "HR manager",
  "Buyer",
  "Journalist",
];
const DOMAINS = { fr: "exemple.fr", en: "example.co.uk", es: "ejemplo.es" } as const;
type Origin = keyof typeof FIRST_NAMES;
const ORIGINS: Origin[] = ["fr", "fr", "en", "en", "es"];

/** Statuses with their weight, and the mail statuses each plausibly has. */
const STATUS_WEIGHTS: [GuestStatus, number][] = [
  ["confirmed", 40],
  ["unanswered", 25],
  ["pending_approval", 8],
  ["refused", 8],
  ["to_be_seen", 8],
  ["cancelled", 6],
  ["rejected", 5],
];
const MAIL_BY_STATUS: Record<GuestStatus, MailStatus[]> = {
  unanswered: ["none", "sent", "delivered", "opened", "bounce", "unsubscribed"],
  refused: ["opened", "clicked"],
  pending_approval: ["clicked", "opened"],
  rejected: ["clicked", "delivered"],
  confirmed: ["clicked", "opened", "delivered"],
  cancelled: ["clicked", "opened"],
  to_be_seen: ["opened", "delivered", "clicked"],
};
const SOURCES: GuestSource[] = ["import", "import", "import", "manual", "registration", "api"];

interface FieldSpec {
  name: string;
  label: string;
  type: CustomFieldType;
  options?: CustomFieldOption[];
  rules?: CustomFieldRules;
}

const option = (id: string, label: string, quota: number | null = null): CustomFieldOption => ({ id, label, quota });

export const DEMO_CUSTOM_FIELDS: FieldSpec[] = [
  {
    name: "Dietary requirements",
    label: "Dietary requirements",
    type: "dropdown",
    options: [
      option("diet-none", "None"),
      option("diet-vegetarian", "Vegetarian"),
      option("diet-vegan", "Vegan"),
      option("diet-gluten-free", "Gluten-free"),
      option("diet-halal", "Halal"),
    ],
  },
  {
    name: "Workshops",
    label: "Which workshops will you attend?",
    type: "multiple_choice",
    options: [
      option("ws-ai", "AI for events", 60),
      option("ws-green", "Greener events"),
      option("ws-ticketing", "Ticketing in practice"),
      option("ws-badges", "Badges and check-in"),
    ],
    rules: { max: 3 },
  },
  { name: "Arrival date", label: "Arrival date", type: "date" },
  { name: "Phone", label: "Mobile phone", type: "phone" },
  { name: "Company size", label: "Company size (employees)", type: "number", rules: { min: 1, noNegative: true } },
  {
    name: "Rating of last edition",
    label: "How did you like last year's edition?",
    type: "rating",
    rules: { maxRating: 5 },
  },
];

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * About 250 sample guests for the demo event (the same ones on every seed): French, English and
 * Spanish names and companies, every status, plausible mail statuses, companions linked to their
 * godfather, answers to six custom fields consistent with their types, and six duplicate pairs to
 * merge (three by email written differently, three by name with or without accents / case).
 */
export async function seedDemoGuests(trx: Knex.Transaction, event: Event, now: Date): Promise<void> {
  const random = seededRandom(20261121);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const weighted = <T>(entries: [T, number][]): T => {
    let roll = random() * entries.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [value, weight] of entries) if ((roll -= weight) < 0) return value;
    return entries[0]![0];
  };

  const fields: CustomField[] = [];
  for (const [position, spec] of DEMO_CUSTOM_FIELDS.entries()) {
    fields.push(
      await CustomField.query(trx).insertAndFetch({
        accountId: event.accountId,
        eventId: event.id,
        name: spec.name,
        label: spec.label,
        helpText: null,
        type: spec.type,
        isRequired: false,
        isReadOnly: false,
        options: spec.options ?? [],
        rules: spec.rules ?? {},
        position,
      }),
    );
  }
  const [diet, workshops, arrival, phone, size, rating] = fields as [
    CustomField,
    CustomField,
    CustomField,
    CustomField,
    CustomField,
    CustomField,
  ];
  const eventStart = event.startsAt ?? now;

  const answersFor = (): Record<string, AnswerValue> => {
    const answers: Record<string, AnswerValue> = {};
    if (random() < 0.8)
      answers[diet.id] = weighted([
        ["diet-none", 10],
        ["diet-vegetarian", 4],
        ["diet-vegan", 1],
        ["diet-gluten-free", 1],
        ["diet-halal", 1],
      ]);
    if (random() < 0.7) {
      const chosen = workshops.options
        .filter(() => random() < 0.45)
        .slice(0, 3)
        .map((choice) => choice.id);
      if (chosen.length) answers[workshops.id] = chosen;
    }
    if (random() < 0.6)
      answers[arrival.id] = isoDate(new Date(eventStart.getTime() - Math.floor(random() * 2) * 86_400_000));
    if (random() < 0.7) {
      const digits = Array.from({ length: 8 }, () => Math.floor(random() * 10)).join("");
      answers[phone.id] = random() < 0.6 ? `06${digits}` : `+337${digits}`;
    }
    if (random() < 0.6) answers[size.id] = pick([5, 12, 40, 150, 600, 2500]);
    if (random() < 0.5) answers[rating.id] = 1 + Math.floor(random() * 5);
    return answers;
  };

  const rows: Record<string, unknown>[] = [];
  const usedNames = new Set<string>();
  const usedEmails = new Set<string>();
  const daysAgo = (max: number) => new Date(now.getTime() - Math.floor(random() * max * 24) * 3_600_000);
  const slug = (text: string) =>
    withoutAccents(text)
      .toLowerCase()
      .replace(/[^a-z]+/g, "");

  const addGuest = (values: {
    firstName: string;
    lastName: string;
    email: string;
    company: string | null;
    status: GuestStatus;
    source: GuestSource;
    godfatherId?: string | null;
    companionsExpected?: number;
    language: string;
  }) => {
    const createdAt = daysAgo(60);
    const mailStatus = values.source === "companion" ? "none" : pick(MAIL_BY_STATUS[values.status]);
    const answered = !["unanswered"].includes(values.status);
    const identity = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      company: values.company,
    };
    const row = {
      id: randomUUID(),
      accountId: event.accountId,
      eventId: event.id,
      ...identity,
      ...derivedGuestColumns(identity),
      civility: null,
      jobTitle: values.company ? pick(JOB_TITLES) : null,
      status: values.status,
      mailStatus,
      mailStatusAt: mailStatus === "none" ? null : createdAt.toISOString(),
      unsubscribedAt: mailStatus === "unsubscribed" ? createdAt.toISOString() : null,
      answers: JSON.stringify(answered ? answersFor() : {}),
      companionsExpected: values.companionsExpected ?? 0,
      godfatherId: values.godfatherId ?? null,
      createdSource: values.source,
      prescriber: null,
      language: values.language,
      registeredAt: ["confirmed", "pending_approval", "cancelled", "rejected"].includes(values.status)
        ? createdAt.toISOString()
        : null,
      importId: null,
      createdAt: createdAt.toISOString(),
      updatedAt: createdAt.toISOString(),
    };
    rows.push(row);
    return row;
  };

  const newPerson = () => {
    for (;;) {
      const origin = pick(ORIGINS);
      const firstName = pick(FIRST_NAMES[origin]);
      const lastName = pick(LAST_NAMES[origin]);
      const email = `${slug(firstName)}.${slug(lastName)}@${DOMAINS[origin]}`;
      const key = derivedGuestColumns({ firstName, lastName }).nameKey!;
      if (usedNames.has(key) || usedEmails.has(email)) continue;
      usedNames.add(key);
      usedEmails.add(email);
      return { origin, firstName, lastName, email, company: random() < 0.85 ? pick(COMPANIES[origin]) : null };
    }
  };

  // 224 guests, then 20 companions of confirmed guests, then 6 duplicates: 250.
  for (let index = 0; index < 224; index += 1) {
    const person = newPerson();
    addGuest({ ...person, status: weighted(STATUS_WEIGHTS), source: pick(SOURCES), language: person.origin });
  }
  const godfathers = rows.filter((row) => row.status === "confirmed").slice(0, 20);
  for (const godfather of godfathers) {
    godfather.companionsExpected = 1; // the event allows one companion each
    const person = newPerson();
    addGuest({
      ...person,
      company: godfather.company as string | null,
      status: "confirmed",
      source: "companion",
      godfatherId: godfather.id as string,
      language: person.origin,
    });
  }
  const originals = rows.filter((row) => row.createdSource !== "companion" && !row.godfatherId);
  const duplicateOf = (index: number) => originals[index * 17 + 3]!;
  type Row = Record<string, unknown>;
  const variants: ((row: Row) => Row)[] = [
    // Same email, written with capitals: the import of another list.
    (row: Record<string, unknown>) => ({ ...row, email: String(row.email).toUpperCase() }),
    (row: Record<string, unknown>) => ({
      ...row,
      email: String(row.email).replace(/^./, (c) => c.toUpperCase()),
    }),
    (row: Record<string, unknown>) => ({ ...row, firstName: null, email: String(row.email).toUpperCase() }),
    // Same name, another address (and accents or capitals differing).
    (row: Record<string, unknown>) => ({ ...row, email: `${slug(String(row.firstName))}@perso.example.com` }),
    (row: Record<string, unknown>) => ({
      ...row,
      firstName: withoutAccents(String(row.firstName)).toUpperCase(),
      lastName: withoutAccents(String(row.lastName)),
      email: `${slug(String(row.lastName))}.${slug(String(row.firstName))}@gmail.example.com`,
    }),
    (row: Record<string, unknown>) => ({ ...row, firstName: String(row.firstName).toLowerCase(), email: null }),
  ];
  for (const [index, variant] of variants.entries()) {
    const original = duplicateOf(index);
    const copy = variant(original);
    addGuest({
      firstName: copy.firstName as string,
      lastName: copy.lastName as string,
      email: copy.email as string,
      company: original.company as string | null,
      status: pick<GuestStatus>(["unanswered", "confirmed", "to_be_seen"]),
      source: "import",
      language: original.language as string,
    });
  }

  for (let start = 0; start < rows.length; start += 50) await trx("guests").insert(rows.slice(start, start + 50));
}
