import { describe, expect, it } from "vitest";
import type { CampaignContent } from "@tessera/shared/campaigns/content";
import { newRecipientToken, trackingRenderOptions } from "../../../api/src/campaigns/links.ts";
import { compileCampaign } from "../../../api/src/campaigns/render.ts";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { Campaign } from "../../../api/src/models/Campaign.ts";
import { CampaignEvent } from "../../../api/src/models/CampaignEvent.ts";
import { CampaignRecipient } from "../../../api/src/models/CampaignRecipient.ts";
import type { Event } from "../../../api/src/models/Event.ts";
import { Guest } from "../../../api/src/models/Guest.ts";
import { CAMPAIGN_SEND_JOB, startSend } from "../../../api/src/services/campaigns/send/request.ts";
import { listedUser } from "../../helpers/actors.ts";
import { buildCampaign, buildRecipient } from "../../helpers/campaigns.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { creditsPack } from "../../helpers/credits.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildForm } from "../../helpers/forms.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { buildVerifiedSender } from "../../helpers/senders.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * What a campaign message's addresses do (issue 15 items 6 and 10): the open pixel and the click redirects record
 * a person's opens and clicks apart from machines' (Apple's privacy proxy, link scanners, HEAD requests, fetches
 * seconds after the send), a click goes to the link's target with the recipient's own values; one-click
 * unsubscribe (RFC 8058) acts on a POST only, a GET leads to the page that confirms; the page's API; unknown tokens
 * are 404 that say nothing, and nothing of another event or account is reached or changed.
 */

const SAFARI =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15";
const AN_HOUR_AGO = () => new Date(Date.now() - 3_600_000);

/** A text link to an external site carrying tags, the registration button, the footer's unsubscribe link. */
function trackedContent(greeting: string): CampaignContent {
  return {
    blocks: [
      {
        id: "text",
        type: "text",
        html: `<p>${greeting} <a href="https://tickets.example.org/go?who={{email}}&amp;n={{firstName}}">Tickets</a></p>`,
      },
      {
        id: "register",
        type: "button",
        label: "Register",
        url: "{{registrationLink}}",
        backgroundColor: "#3b5bdb",
        textColor: "#ffffff",
      },
      { id: "footer", type: "footer", html: '<p>Organizers. <a href="{{unsubscribeLink}}">Unsubscribe</a></p>' },
    ],
  };
}

describe.each(databaseKinds())("campaign tracking and unsubscribing on %s", (kind) => {
  // One proxy hop trusted: the client's address is the one X-Forwarded-For's last entry names.
  const suite = useTestServer(kind, { env: { TRUST_PROXY: "1" } });

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id, { name: "Gala des partenaires", languages: ["en", "fr"] });
    const form = await buildForm(db, event, { items: [] });
    const campaign = await buildCampaign(db, event, {
      content: { en: trackedContent("Hello {{firstName}},"), fr: trackedContent("Bonjour {{firstName}},") },
    });
    return { db, account, event, form, campaign };
  }

  /** A guest of the event and their recipient row, sent an hour ago unless told. */
  async function recipientOf(
    event: Event,
    campaign: Campaign,
    guest: { email: string; firstName?: string; language?: string },
    sentAt: Date = AN_HOUR_AGO(),
  ) {
    const { db } = suite.server;
    const row = await buildGuest(db, event, {
      email: guest.email,
      firstName: guest.firstName ?? "Ana",
      status: "unanswered",
      mailStatus: "sent",
      language: guest.language ?? "en",
    });
    const built = await buildRecipient(db, campaign, row);
    const token = newRecipientToken();
    const recipient = await CampaignRecipient.query(db).patchAndFetchById(built.id, {
      token,
      sentAt,
      language: guest.language ?? "en",
    });
    return { guest: row, recipient, token };
  }

  /** The index the renderer gives the link whose target (as written) is `target`. */
  async function linkIndex(campaign: Campaign, language: "en" | "fr", target: string): Promise<number> {
    const { links } = await compileCampaign(
      { subject: campaign.subject, content: campaign.content[language]!, language },
      trackingRenderOptions(suite.server.baseUrl),
    );
    const index = links.indexOf(target);
    expect(index, JSON.stringify(links)).toBeGreaterThanOrEqual(0);
    return index;
  }

  const raw = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
    fetch(`${suite.server.baseUrl}${path}`, { method, headers, body, redirect: "manual" });

  const eventsOf = (recipientId: string) =>
    CampaignEvent.query(suite.server.db).where({ recipientId }).orderBy("createdAt").orderBy("id");

  it("answers the open pixel with a transparent GIF never cached, and tells a person's open from machines'", async () => {
    const { db, event, campaign } = await setUp();
    const person = await recipientOf(event, campaign, { email: "ana@example.org" });
    const opened = await raw("GET", `/api/v1/mail/o/${person.token}`, { "User-Agent": SAFARI });
    expect(opened.status).toBe(200);
    expect(opened.headers.get("content-type")).toBe("image/gif");
    expect(opened.headers.get("cache-control")).toContain("no-store");
    const gif = Buffer.from(await opened.arrayBuffer());
    expect(gif.subarray(0, 6).toString("latin1")).toBe("GIF89a");
    expect([gif.readUInt16LE(6), gif.readUInt16LE(8)]).toEqual([1, 1]);
    expect(await eventsOf(person.recipient.id)).toMatchObject([{ kind: "open", machine: false, detail: "person" }]);
    expect((await CampaignRecipient.query(db).findById(person.recipient.id))!.openedAt).toBeInstanceOf(Date);
    expect((await Guest.query(db).findById(person.guest.id))!.mailStatus).toBe("opened");

    // Apple's privacy proxy, by its address (behind the trusted proxy) or by its bare user agent: a machine's.
    const apple = await recipientOf(event, campaign, { email: "ben@example.org" });
    const byAddress = await raw("GET", `/api/v1/mail/o/${apple.token}`, {
      "User-Agent": SAFARI,
      "X-Forwarded-For": "17.58.63.4",
    });
    expect(byAddress.status).toBe(200);
    await raw("GET", `/api/v1/mail/o/${apple.token}`, { "User-Agent": "Mozilla/5.0" });
    // Seconds after the send: a gateway scanning the message on arrival.
    const early = await recipientOf(event, campaign, { email: "cleo@example.org" }, new Date());
    await raw("GET", `/api/v1/mail/o/${early.token}`, { "User-Agent": SAFARI });
    expect(await eventsOf(apple.recipient.id)).toMatchObject([
      { kind: "open", machine: true, detail: "apple_privacy_proxy" },
      { kind: "open", machine: true, detail: "apple_privacy_proxy" },
    ]);
    expect(await eventsOf(early.recipient.id)).toMatchObject([
      { kind: "open", machine: true, detail: "seconds_after_send" },
    ]);
    for (const machine of [apple, early]) {
      expect((await CampaignRecipient.query(db).findById(machine.recipient.id))!.openedAt).toBeNull();
      expect((await Guest.query(db).findById(machine.guest.id))!.mailStatus).toBe("sent");
    }
    // A person's second open keeps the first time.
    const first = (await CampaignRecipient.query(db).findById(person.recipient.id))!.openedAt!;
    await raw("GET", `/api/v1/mail/o/${person.token}`, { "User-Agent": SAFARI });
    expect((await CampaignRecipient.query(db).findById(person.recipient.id))!.openedAt).toEqual(first);
  });

  it("sends a click to the guest's own registration link and to an external url with the tag percent-encoded", async () => {
    const { db, event, form, campaign } = await setUp();
    const french = await recipientOf(event, campaign, {
      email: "ana+gala@example.org",
      firstName: "Ana María",
      language: "fr",
    });
    const register = await linkIndex(campaign, "fr", "{{registrationLink}}");
    const followed = await raw("GET", `/api/v1/mail/c/${french.token}/${register}`, { "User-Agent": SAFARI });
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe(`${suite.server.baseUrl}/fr/${event.slug}/forms/view/${form.id}`);
    expect(followed.headers.get("cache-control")).toBe("no-store");

    expect(await eventsOf(french.recipient.id)).toMatchObject([
      { kind: "click", machine: false, linkIndex: register, detail: "person" },
    ]);
    const recipient = (await CampaignRecipient.query(db).findById(french.recipient.id))!;
    expect(recipient.clickedAt).toBeInstanceOf(Date);
    // A click is an open too.
    expect(recipient.openedAt).toBeInstanceOf(Date);
    expect((await Guest.query(db).findById(french.guest.id))!.mailStatus).toBe("clicked");

    // A minute later (two links within 2 s would be a scanner's), the external link.
    await CampaignEvent.query(db)
      .patch({ createdAt: new Date(Date.now() - 60_000) })
      .where({ recipientId: french.recipient.id });
    const external = await linkIndex(campaign, "fr", "https://tickets.example.org/go?who={{email}}&n={{firstName}}");
    const outside = await raw("GET", `/api/v1/mail/c/${french.token}/${external}`, { "User-Agent": SAFARI });
    expect(outside.status).toBe(302);
    expect(outside.headers.get("location")).toBe(
      "https://tickets.example.org/go?who=ana%2Bgala%40example.org&n=Ana%20Mar%C3%ADa",
    );
    expect((await eventsOf(french.recipient.id))[1]).toMatchObject({
      kind: "click",
      machine: false,
      linkIndex: external,
    });
    // The first click's time stays.
    expect((await CampaignRecipient.query(db).findById(french.recipient.id))!.clickedAt).toEqual(recipient.clickedAt);

    // An English recipient of the same campaign: the English registration link (no prefix).
    const english = await recipientOf(event, campaign, { email: "dan@example.org" });
    const englishRegister = await linkIndex(campaign, "en", "{{registrationLink}}");
    const theirs = await raw("GET", `/api/v1/mail/c/${english.token}/${englishRegister}`, { "User-Agent": SAFARI });
    expect(theirs.headers.get("location")).toBe(`${suite.server.baseUrl}/${event.slug}/forms/view/${form.id}`);
  });

  it("records a HEAD or a scanner's click as a machine's, which sets no click; several links within 2 s are a scanner", async () => {
    const { db, event, campaign } = await setUp();
    const { recipient, token, guest } = await recipientOf(event, campaign, { email: "eva@example.org" });
    const register = await linkIndex(campaign, "en", "{{registrationLink}}");
    const external = await linkIndex(campaign, "en", "https://tickets.example.org/go?who={{email}}&n={{firstName}}");
    const head = await raw("HEAD", `/api/v1/mail/c/${token}/${register}`, { "User-Agent": SAFARI });
    expect(head.status).toBe(302);
    const scanner = await raw("GET", `/api/v1/mail/c/${token}/${register}`, {
      "User-Agent": "Mozilla/5.0 (compatible; Barracuda Sentinel)",
    });
    expect(scanner.status).toBe(302);
    expect(await eventsOf(recipient.id)).toMatchObject([
      { kind: "click", machine: true, detail: "head_request", linkIndex: register },
      { kind: "click", machine: true, detail: "scanner_user_agent", linkIndex: register },
    ]);
    let row = (await CampaignRecipient.query(db).findById(recipient.id))!;
    expect([row.clickedAt, row.openedAt]).toEqual([null, null]);
    expect((await Guest.query(db).findById(guest.id))!.mailStatus).toBe("sent");

    // A browser-like scanner following both links of the message at once: the second shows the first was it too.
    await raw("GET", `/api/v1/mail/c/${token}/${external}`, { "User-Agent": SAFARI });
    await raw("GET", `/api/v1/mail/c/${token}/${register}`, { "User-Agent": SAFARI });
    const clicks = (await eventsOf(recipient.id)).slice(2);
    expect(clicks).toMatchObject([
      { machine: true, detail: "click_burst", linkIndex: external },
      { machine: true, detail: "click_burst", linkIndex: register },
    ]);
    row = (await CampaignRecipient.query(db).findById(recipient.id))!;
    expect(row.clickedAt).toBeNull();
  });

  it("answers 404 for an unknown token, a link the message has not, or anything else under /mail, saying nothing", async () => {
    const { event, campaign } = await setUp();
    const { token } = await recipientOf(event, campaign, { email: "fay@example.org" });
    const unknown = newRecipientToken();
    for (const [method, path] of [
      ["GET", `/api/v1/mail/o/${unknown}`],
      ["GET", `/api/v1/mail/o/not-a-token`],
      ["GET", `/api/v1/mail/c/${unknown}/0`],
      ["GET", `/api/v1/mail/c/${token}/99`],
      ["GET", `/api/v1/mail/c/${token}/x`],
      ["GET", `/api/v1/mail/c/${token}`],
      ["GET", `/api/v1/mail/u/${unknown}`],
      ["POST", `/api/v1/mail/u/${unknown}`],
      ["GET", `/api/v1/mail/x/${token}`],
      ["GET", `/api/v1/public/unsubscribe/${unknown}`],
      ["POST", `/api/v1/public/unsubscribe/${unknown}`],
    ] as const) {
      const response = await raw(method, path, { "User-Agent": SAFARI });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json()).toEqual({ error: expect.objectContaining({ code: "not_found" }) });
    }
    expect((await raw("DELETE", `/api/v1/mail/u/${token}`)).status).toBe(405);
    expect((await raw("POST", `/api/v1/mail/o/${token}`)).status).toBe(405);
  });

  it("never unsubscribes on a GET of the one-click address, does on its POST (RFC 8058), once; the next campaign leaves the guest out", async () => {
    const { db, event, campaign } = await setUp();
    const { guest, recipient, token } = await recipientOf(event, campaign, {
      email: "gus@example.org",
      firstName: "Gus",
      language: "fr",
    });
    for (const agent of [SAFARI, "Mozilla/5.0 (compatible; Mimecast)", ""]) {
      const looked = await raw("GET", `/api/v1/mail/u/${token}`, { "User-Agent": agent });
      expect(looked.status).toBe(303);
      expect(looked.headers.get("location")).toBe(`${suite.server.baseUrl}/fr/unsubscribe/${token}`);
    }
    expect((await raw("HEAD", `/api/v1/mail/u/${token}`)).status).toBe(303);
    expect((await Guest.query(db).findById(guest.id))!).toMatchObject({ unsubscribedAt: null, mailStatus: "sent" });
    expect((await CampaignRecipient.query(db).findById(recipient.id))!.unsubscribedAt).toBeNull();

    const posted = await raw(
      "POST",
      `/api/v1/mail/u/${token}`,
      { "Content-Type": "application/x-www-form-urlencoded" },
      "List-Unsubscribe=One-Click",
    );
    expect(posted.status).toBe(200);
    const after = (await Guest.query(db).findById(guest.id))!;
    expect(after.unsubscribedAt).toBeInstanceOf(Date);
    expect(after.mailStatus).toBe("unsubscribed");
    expect(after.mailStatusAt).toBeInstanceOf(Date);
    const unsubscribedAt = (await CampaignRecipient.query(db).findById(recipient.id))!.unsubscribedAt;
    expect(unsubscribedAt).toBeInstanceOf(Date);
    // Again, with no body (some clients): nothing changes.
    expect((await raw("POST", `/api/v1/mail/u/${token}`)).status).toBe(200);
    expect((await CampaignRecipient.query(db).findById(recipient.id))!.unsubscribedAt).toEqual(unsubscribedAt);
    expect(await eventsOf(recipient.id)).toMatchObject([{ kind: "unsubscribe", machine: false, detail: "one_click" }]);
    const audit = await AuditLog.query(db).where({ action: "guest.unsubscribed", subjectId: guest.id });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      eventId: event.id,
      actorUserId: null,
      before: { mailStatus: "sent", unsubscribedAt: null },
      after: { mailStatus: "unsubscribed", source: "one_click" },
      metadata: { subject: `Gus ${guest.lastName}` },
    });
    // A later person's open does not lower or change the status.
    await raw("GET", `/api/v1/mail/o/${token}`, { "User-Agent": SAFARI });
    expect((await Guest.query(db).findById(guest.id))!.mailStatus).toBe("unsubscribed");

    // The next campaign leaves them out, and says why.
    const next = await buildCampaign(db, event, { name: "News", type: "custom" });
    const { http } = await listedUser(suite.server, event, { role: "editor" });
    const summary = await http.get(`${eventBase(event)}/campaigns/${next.id}/summary`);
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    expect(summary.body.excluded.unsubscribed).toBe(1);
  });

  it("gives the unsubscribe page what it shows, and unsubscribes on its button, once", async () => {
    const { db, event, campaign } = await setUp();
    const { guest, recipient, token } = await recipientOf(event, campaign, {
      email: "hugo.b@example.org",
      firstName: "Hugo",
      language: "fr",
    });
    const page = `/api/v1/public/unsubscribe/${token}`;
    const read = await suite.server.http.get(page);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body).toEqual({
      eventName: "Gala des partenaires",
      email: "h***@example.org",
      unsubscribed: false,
      language: "fr",
    });
    expect((await Guest.query(db).findById(guest.id))!.unsubscribedAt).toBeNull();

    const done = await suite.server.http.post(page);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ ...read.body, unsubscribed: true });
    expect((await suite.server.http.post(page)).body).toEqual(done.body);
    expect((await suite.server.http.get(page)).body.unsubscribed).toBe(true);
    expect(await eventsOf(recipient.id)).toMatchObject([{ kind: "unsubscribe", detail: "page" }]);
    expect(await AuditLog.query(db).where({ action: "guest.unsubscribed", subjectId: guest.id })).toHaveLength(1);
    expect((await Guest.query(db).findById(guest.id))!.mailStatus).toBe("unsubscribed");
  });

  it("reaches only the token's own event: another event's or account's guest with the same address is untouched", async () => {
    const { db, event, campaign, form } = await setUp();
    const mine = await recipientOf(event, campaign, { email: "ines@example.org", firstName: "Ines" });
    // The same person in another account's event, with a message of that event's campaign.
    const other = await buildAccount(db);
    const otherEvent = await buildEvent(db, other.id, { name: "Other account's gala" });
    const otherForm = await buildForm(db, otherEvent, { items: [] });
    const otherCampaign = await buildCampaign(db, otherEvent, { content: { en: trackedContent("Hi") } });
    const theirs = await recipientOf(otherEvent, otherCampaign, { email: "ines@example.org", firstName: "Inès" });

    const register = await linkIndex(campaign, "en", "{{registrationLink}}");
    const followed = await raw("GET", `/api/v1/mail/c/${mine.token}/${register}`, { "User-Agent": SAFARI });
    expect(followed.headers.get("location")).toBe(`${suite.server.baseUrl}/${event.slug}/forms/view/${form.id}`);
    expect(followed.headers.get("location")).not.toContain(otherForm.id);
    expect((await suite.server.http.get(`/api/v1/public/unsubscribe/${mine.token}`)).body.eventName).toBe(
      "Gala des partenaires",
    );

    expect((await raw("POST", `/api/v1/mail/u/${mine.token}`)).status).toBe(200);
    expect((await Guest.query(db).findById(mine.guest.id))!.mailStatus).toBe("unsubscribed");
    const untouched = (await Guest.query(db).findById(theirs.guest.id))!;
    expect(untouched).toMatchObject({ unsubscribedAt: null, mailStatus: "sent" });
    expect(await eventsOf(theirs.recipient.id)).toEqual([]);
    expect((await CampaignRecipient.query(db).findById(theirs.recipient.id))!.unsubscribedAt).toBeNull();
    expect(await AuditLog.query(db).where({ eventId: otherEvent.id, action: "guest.unsubscribed" })).toEqual([]);
  });

  it("follows the links, the pixel and the unsubscribe addresses of a message the sender really sent", async () => {
    const { db, event, form, campaign } = await setUp();
    await creditsPack(db, event.accountId, "campaign", 5);
    const guest = await buildGuest(db, event, {
      email: "zoe+gala@example.org",
      firstName: "Zoé",
      status: "confirmed",
      language: "fr",
    });
    await buildVerifiedSender(db, event.accountId);
    const ready = await Campaign.query(db).patchAndFetchById(campaign.id, {
      type: "custom",
      fromEmail: "events@example.org",
    });
    await db.transaction((trx) => startSend(trx, ready, new Date()));
    await suite.server.deps.jobs.send(CAMPAIGN_SEND_JOB, { campaignId: campaign.id });
    const mail = await suite.server.mailbox.waitFor("zoe+gala@example.org", { timeoutMs: 15_000 });
    const html = typeof mail.html === "string" ? mail.html : "";
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));
    const base = suite.server.baseUrl;
    const clicks = hrefs.filter((href) => href.startsWith(`${base}/api/v1/mail/c/`));
    expect(clicks).toHaveLength(2);
    const targets = [];
    for (const click of clicks) {
      const followed = await raw("GET", click.slice(base.length), { "User-Agent": SAFARI });
      expect(followed.status, click).toBe(302);
      targets.push(followed.headers.get("location"));
    }
    expect(targets.sort()).toEqual(
      [
        `${base}/fr/${event.slug}/forms/view/${form.id}`,
        "https://tickets.example.org/go?who=zoe%2Bgala%40example.org&n=Zo%C3%A9",
      ].sort(),
    );
    const pixel = new RegExp(`src="${base}(/api/v1/mail/o/[^"]+)"`).exec(html)?.[1];
    expect(pixel).toBeDefined();
    expect((await raw("GET", pixel!, { "User-Agent": SAFARI })).status).toBe(200);
    const recipient = (await CampaignRecipient.query(db).where({ campaignId: campaign.id }).first())!;
    // Seconds after the send: the scan of a receiving gateway, not Zoé.
    expect(await eventsOf(recipient.id)).toMatchObject([
      { kind: "click", machine: true, detail: "seconds_after_send" },
      { kind: "click", machine: true, detail: "seconds_after_send" },
      { kind: "open", machine: true, detail: "seconds_after_send" },
    ]);

    // The visible link opens the page in her language; the header's address unsubscribes on a POST.
    expect(hrefs).toContain(`${base}/fr/unsubscribe/${recipient.token}`);
    const header = mail.headerLines.find((line) => line.key === "list-unsubscribe")?.line ?? "";
    const oneClick = /<([^>]+)>/.exec(header)?.[1];
    expect(oneClick).toBe(`${base}/api/v1/mail/u/${recipient.token}`);
    const posted = await raw(
      "POST",
      oneClick!.slice(base.length),
      { "Content-Type": "application/x-www-form-urlencoded" },
      "List-Unsubscribe=One-Click",
    );
    expect(posted.status).toBe(200);
    expect((await Guest.query(db).findById(guest.id))!.mailStatus).toBe("unsubscribed");
  });
});
