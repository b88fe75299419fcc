import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { simpleParser } from "mailparser";
import { pino } from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Language } from "@tessera/shared";
import { loadConfig, type Config } from "../../../api/src/config.ts";
import { InProcessQueue } from "../../../api/src/jobs/inProcessQueue.ts";
import { PgBossQueue } from "../../../api/src/jobs/pgBossQueue.ts";
import type { JobQueue } from "../../../api/src/jobs/queue.ts";
import { createMailer, registerMailJobs, type MailRequest } from "../../../api/src/mail/index.ts";
import { createTestDatabase, type TestDatabase } from "../../helpers/databases.ts";
import { linksIn, startSmtpSink, type TestMailbox } from "../../helpers/smtp.ts";

interface LogLine {
  level: number;
  msg: string;
  err?: { message: string; code?: string };
  [field: string]: unknown;
}

/** A real pino logger writing JSON lines into an array the test can read. */
function capturedLogger() {
  const lines: LogLine[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { logger: pino({ level: "debug" }, destination), lines };
}

const tempDirs: string[] = [];
function testConfig(smtpUrl: string | null): Config {
  const varDir = mkdtempSync(path.join(os.tmpdir(), "tessera-mail-"));
  tempDirs.push(varDir);
  return loadConfig({
    NODE_ENV: "test",
    TESSERA_VAR_DIR: varDir,
    PUBLIC_URL: "http://tessera.test",
    MAIL_FROM: "Tessera <no-reply@tessera.test>",
    ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
  });
}

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface TemplateCase {
  request: (language: Language, to: string) => MailRequest;
  /** The link the mail must carry, or the code for second_factor, or the event's name for a registration. */
  expectedInText: string;
  subjects: Record<Language, string>;
  greetings: Record<Language, string>;
}

const RESET_LINK = "http://tessera.test/password/reset?token=abc123&user=42";
const INVITE_LINK = "http://tessera.test/invitations/accept?token=xyz789";
const PORTAL_LINK = "http://tessera.test/fr/summit/portal/confirm#token=tsl_abc";
const GUEST_AREA_LINK = "http://tessera.test/fr/summit/portal";
const helloAda: Record<Language, string> = { en: "Hello Ada,", fr: "Bonjour Ada,", es: "Hola, Ada:" };
const SENDER_LINK = "http://tessera.test/fr/senders/verify/tok_abc";

const templateCases: Record<MailRequest["template"], TemplateCase> = {
  password_reset: {
    request: (language, to) => ({
      to,
      language,
      template: "password_reset",
      data: { firstName: "Ada", accountName: "Acme", link: RESET_LINK, validMinutes: 30 },
    }),
    expectedInText: RESET_LINK,
    subjects: {
      en: "Reset your Tessera password",
      fr: "Réinitialisez votre mot de passe Tessera",
      es: "Restablece tu contraseña de Tessera",
    },
    greetings: helloAda,
  },
  invitation: {
    request: (language, to) => ({
      to,
      language,
      template: "invitation",
      data: {
        firstName: "Ada",
        accountName: "Acme Events",
        inviterName: "Marie Curie",
        link: INVITE_LINK,
        validDays: 7,
      },
    }),
    expectedInText: INVITE_LINK,
    subjects: {
      en: "Marie Curie invites you to join Acme Events on Tessera",
      fr: "Marie Curie vous invite à rejoindre Acme Events sur Tessera",
      es: "Marie Curie te invita a unirte a Acme Events en Tessera",
    },
    greetings: helloAda,
  },
  second_factor: {
    request: (language, to) => ({
      to,
      language,
      template: "second_factor",
      data: { firstName: "Ada", code: "482913", validMinutes: 10 },
    }),
    expectedInText: "482913",
    subjects: {
      en: "Your Tessera sign-in code",
      fr: "Votre code de connexion Tessera",
      es: "Tu código de acceso a Tessera",
    },
    greetings: helloAda,
  },
  guest_sign_in: {
    request: (language, to) => ({
      to,
      language,
      template: "guest_sign_in",
      data: { firstName: "Ada", eventName: "Summit 2027", link: PORTAL_LINK, code: "042042", validMinutes: 10 },
    }),
    expectedInText: PORTAL_LINK,
    subjects: { en: "Sign in to Summit 2027", fr: "Connexion à Summit 2027", es: "Acceso a Summit 2027" },
    greetings: helloAda,
  },
  contact_message: {
    request: (language, to) => ({
      to,
      replyTo: "bob@guests.test",
      language,
      template: "contact_message",
      data: {
        firstName: "Ada",
        eventName: "Summit 2027",
        senderName: "Bob Guest",
        senderEmail: "bob@guests.test",
        subject: null,
        message: "Where can I park?",
        isSignedInGuest: false,
      },
    }),
    expectedInText: "Where can I park?",
    subjects: {
      en: "[Summit 2027] Message from Bob Guest",
      fr: "[Summit 2027] Message de Bob Guest",
      es: "[Summit 2027] Mensaje de Bob Guest",
    },
    greetings: helloAda,
  },
  waiting_list_promoted: {
    request: (language, to) => ({
      to,
      language,
      template: "waiting_list_promoted",
      data: {
        firstName: "Ada",
        eventName: "Summit 2027",
        question: "Workshop",
        answer: "Morning",
        link: GUEST_AREA_LINK,
      },
    }),
    expectedInText: GUEST_AREA_LINK,
    subjects: {
      en: "A place opened up for you: Morning — Summit 2027",
      fr: "Une place s'est libérée pour vous : Morning — Summit 2027",
      es: "Se ha liberado una plaza para ti: Morning — Summit 2027",
    },
    greetings: helloAda,
  },
  sender_verification: {
    request: (language, to) => ({
      to,
      language,
      template: "sender_verification",
      data: { email: to, accountName: "Acme Events", link: SENDER_LINK, validHours: 48 },
    }),
    expectedInText: SENDER_LINK,
    subjects: {
      en: "Confirm sender_verification.en@guests.test as a sender for Acme Events",
      fr: "Confirmez sender_verification.fr@guests.test comme expéditeur de Acme Events",
      es: "Confirma sender_verification.es@guests.test como remitente de Acme Events",
    },
    greetings: { en: "Hello,", fr: "Bonjour,", es: "Hola:" },
  },
  auto_mail: {
    // An event's automatic mail comes rendered (api/src/services/autoMails): the job sends it as it is.
    request: (language, to) => ({
      to,
      language,
      template: "auto_mail",
      data: {
        subject: `Summit 2027 (${language})`,
        html: `<html lang="${language}"><body><p>${helloAda[language]}</p><a href="${GUEST_AREA_LINK}">Summit</a></body></html>`,
        text: `${helloAda[language]}\n\nSummit: ${GUEST_AREA_LINK}`,
      },
    }),
    expectedInText: GUEST_AREA_LINK,
    subjects: { en: "Summit 2027 (en)", fr: "Summit 2027 (fr)", es: "Summit 2027 (es)" },
    greetings: helloAda,
  },
  registration_confirmation: {
    request: (language, to) => ({
      to,
      language,
      template: "registration_confirmation",
      data: { firstName: "Ada", eventName: "Summit 2027", outcome: "confirmed" },
    }),
    expectedInText: "Summit 2027",
    subjects: {
      en: "Your registration for Summit 2027 is confirmed",
      fr: "Votre inscription à Summit 2027 est confirmée",
      es: "Tu inscripción en Summit 2027 está confirmada",
    },
    greetings: helloAda,
  },
};

const LANGUAGES: Language[] = ["en", "fr", "es"];
const deliveryCases = LANGUAGES.flatMap((language) =>
  (Object.keys(templateCases) as Array<MailRequest["template"]>).map((template) => ({ language, template })),
);

type QueueKind = "in-process" | "pg-boss";
const queueKinds: QueueKind[] = process.env.DATABASE_URL ? ["in-process", "pg-boss"] : ["in-process"];

afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe.each(queueKinds)("each template over SMTP (%s queue)", (queueKind) => {
  let sink: TestMailbox;
  let queue: JobQueue;
  let database: TestDatabase | undefined;
  let send: (request: MailRequest) => Promise<void>;
  let config: Config;

  beforeAll(async () => {
    sink = await startSmtpSink();
    config = testConfig(sink.url);
    const logger = pino({ level: "silent" });
    if (queueKind === "pg-boss") {
      database = await createTestDatabase("postgres");
      queue = new PgBossQueue({ connectionString: database.databaseUrl!, logger, pollingIntervalSeconds: 0.5 });
    } else {
      queue = new InProcessQueue({ logger });
    }
    registerMailJobs(queue, { config, logger });
    const mailer = createMailer({ config, jobs: queue, logger });
    send = (request) => mailer.send(request);
    await queue.start();
  });

  afterAll(async () => {
    await queue?.stop();
    await sink?.close();
    await database?.drop();
  });

  it.each(deliveryCases)("$template in $language", async ({ language, template }) => {
    const templateCase = templateCases[template];
    const to = `${template}.${language}@guests.test`;
    await send(templateCase.request(language, to));
    const mail = await sink.waitFor(to, { timeoutMs: 10_000 });

    expect(mail.subject).toBe(templateCase.subjects[language]);
    expect(mail.from?.text).toBe(`"Tessera" <no-reply@tessera.test>`);
    expect(mail.text).toContain(templateCase.greetings[language]);
    expect(mail.text).toContain(templateCase.expectedInText);
    expect(mail.html).toEqual(expect.stringContaining(`lang="${language}"`));
    expect(mail.html).toEqual(expect.stringContaining(templateCase.greetings[language]));
    if (template === "contact_message") expect(mail.replyTo?.text).toBe("bob@guests.test");
    if (template === "second_factor" || template === "registration_confirmation" || template === "contact_message") {
      expect(linksIn(mail)).toEqual([]);
      expect(mail.html).toEqual(expect.stringContaining(templateCase.expectedInText));
    } else {
      expect(linksIn(mail)).toEqual([templateCase.expectedInText]);
      // In HTML the & of the query string is written &amp;
      expect(mail.html).toEqual(
        expect.stringContaining(`href="${templateCase.expectedInText.replaceAll("&", "&amp;")}"`),
      );
    }
  });
});

describe("the outbox transport (no SMTP_URL)", () => {
  it("writes each message as an .eml file and logs its recipient, subject and links", async () => {
    const config = testConfig(null);
    const { logger, lines } = capturedLogger();
    const queue = new InProcessQueue({ logger });
    registerMailJobs(queue, { config, logger });
    await queue.start();
    const request = templateCases.password_reset.request("en", "ada@guests.test");
    await createMailer({ config, jobs: queue, logger }).send(request);
    await queue.drain(10_000);
    await queue.stop();

    const files = readdirSync(config.outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const file = path.join(config.outboxDir, files[0]!);
    const mail = await simpleParser(readFileSync(file));
    expect(mail.subject).toBe("Reset your Tessera password");
    expect(linksIn(mail)).toEqual([RESET_LINK]);
    expect(mail.html).toEqual(expect.stringContaining("Choose a new password"));

    const logged = lines.find((line) => line.msg.startsWith("mail written to the outbox"));
    expect(logged).toMatchObject({
      to: ["ada@guests.test"],
      subject: "Reset your Tessera password",
      links: [RESET_LINK],
      file,
    });
  });
});

describe("a mail server that is down", () => {
  let sink: TestMailbox | undefined;
  afterEach(async () => {
    await sink?.close();
  });

  it("never fails the caller, and the mail arrives once the server is back", async () => {
    const port = await closedPort();
    const config = testConfig(`smtp://127.0.0.1:${port}`);
    const { logger, lines } = capturedLogger();
    // Back-off "seconds" last 1 ms: the mail job's 15 s, 30 s, 60 s… become 15 ms, 30 ms, 60 ms…
    const queue = new InProcessQueue({ logger, retryDelayUnitMs: 1 });
    registerMailJobs(queue, { config, logger });
    await queue.start();

    const startedAt = Date.now();
    await createMailer({ config, jobs: queue, logger }).send(
      templateCases.password_reset.request("fr", "zoe@guests.test"),
    );
    expect(Date.now() - startedAt).toBeLessThan(500);

    const retries = () => lines.filter((line) => line.msg === "job failed, will retry");
    await waitUntil(() => retries().length >= 2, 5_000);
    expect(retries()[0]?.err?.message).toMatch(/ECONNREFUSED/);

    sink = await startSmtpSink({ port });
    const mail = await sink.waitFor("zoe@guests.test", { timeoutMs: 15_000 });
    expect(mail.subject).toBe("Réinitialisez votre mot de passe Tessera");
    expect(linksIn(mail)).toEqual([RESET_LINK]);

    await queue.drain(5_000);
    await queue.stop();
    expect(lines.filter((line) => line.msg === "mail sent")).toHaveLength(1);
    expect(lines.filter((line) => line.msg === "job failed, no retry left")).toEqual([]);
  });
});
