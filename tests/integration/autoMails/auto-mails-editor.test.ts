import { describe, expect, it } from "vitest";
import { AUTO_MAIL_KINDS } from "@tessera/shared/rules/campaigns";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { AutoMail } from "../../../api/src/models/AutoMail.ts";
import { listedUser } from "../../helpers/actors.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * The automatic mails' editor (issue 15 item 7): every kind in every language starts from its default; a saved
 * wording follows the campaign rules with their messages (subject ≤ 80, a footer, buttons and images with a
 * target url) and only the kind's merge tags; "reset to default" drops it; a kind turned off stays off in every
 * language (never the sign-in link); a preview renders a draft for a guest of the event; a test goes to the
 * caller; changes are in the event's history.
 */
describe.each(databaseKinds())("automatic mails editor on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id, { name: "Harbour summit", languages: ["en", "fr"] });
    const email = `ada-${Math.random().toString(36).slice(2, 8)}@example.org`;
    const { http } = await listedUser(suite.server, event, { role: "editor", firstName: "Ada", email });
    return { db, event, http, email, base: `${eventBase(event)}/auto-mails` };
  }

  const footer = { id: "footer", type: "footer", html: "<p>Harbour events</p>" };

  it("lists every kind in every language with its default wording, the sign-in link always on", async () => {
    const { http, base } = await setUp();
    const list = await http.get(base);
    expect(list.status).toBe(200);
    expect(list.body.data.map((row: { kind: string }) => row.kind)).toEqual([...AUTO_MAIL_KINDS]);
    for (const row of list.body.data) {
      expect(row.enabled).toBe(true);
      expect(row.canDisable).toBe(row.kind !== "magic_link");
      expect(row.languages.map((language: { language: string }) => language.language)).toEqual(["en", "fr", "es"]);
      expect(row.languages.every((language: { isCustomised: boolean }) => !language.isCustomised)).toBe(true);
    }
    const confirmation = await http.get(`${base}/registration_confirmation/fr`);
    expect(confirmation.body).toMatchObject({
      subject: "Votre inscription à {{eventName}} est confirmée",
      isCustomised: false,
      updatedAt: null,
    });
    expect(confirmation.body.tags).not.toContain("unsubscribeLink");
    const magic = await http.get(`${base}/magic_link/en`);
    expect(magic.body.tags).toEqual(expect.arrayContaining(["signInLink", "signInCode", "signInMinutes"]));
    expect(magic.body.linkTags).toContain("signInLink");
  });

  it("saves an event's wording under the campaign rules and their messages, in the caller's language", async () => {
    const { http, base } = await setUp();
    const refused = await http.put(
      `${base}/registration_confirmation/en`,
      {
        subject: "x".repeat(81),
        content: {
          blocks: [
            { id: "t", type: "text", html: "<p>Total {{orderTotal}}</p>" },
            { id: "b", type: "button", label: "Go", url: "", backgroundColor: "#000000", textColor: "#ffffff" },
          ],
        },
      },
      { lang: "fr" },
    );
    expect(refused.status).toBe(422);
    const messages = Object.fromEntries(
      refused.body.error.details.map((detail: { field: string; message: string }) => [detail.field, detail.message]),
    );
    expect(messages).toEqual({
      subject: "L'objet de la campagne doit faire au plus 80 caractères.",
      "content.blocks.0.html": "{{orderTotal}} n'est pas une balise de personnalisation connue.",
      "content.blocks.1.url": "Les boutons et les images des e-mails de campagne ont besoin d'une URL cible.",
      "content.blocks": "Un pied de page est obligatoire.",
    });
    const spanish = await http.put(
      `${base}/order_refund/es`,
      { subject: "Reembolso", content: { blocks: [{ id: "t", type: "text", html: "<p>Hola</p>" }] } },
      { lang: "es" },
    );
    expect(spanish.body.error.details[0].message).toBe("El pie de página es obligatorio.");

    // The kind's own tags are welcome: the refund's amount, the sign-in link as a button's target.
    const refund = await http.put(`${base}/order_refund/es`, {
      subject: "Reembolso de {{refundAmount}}",
      content: { blocks: [{ id: "t", type: "text", html: "<p>{{orderReference}}</p>" }, footer] },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(refund.body).toMatchObject({ subject: "Reembolso de {{refundAmount}}", isCustomised: true, enabled: true });
    const button = {
      id: "b",
      type: "button",
      label: "Go",
      url: "{{signInLink}}",
      backgroundColor: "#000000",
      textColor: "#ffffff",
    };
    const magic = await http.put(`${base}/magic_link/en`, {
      subject: "Sign in",
      content: { blocks: [button, footer] },
    });
    expect(magic.status, JSON.stringify(magic.body)).toBe(200);
    const list = await http.get(base);
    const refundRow = list.body.data.find((row: { kind: string }) => row.kind === "order_refund");
    expect(refundRow.languages.map((language: { isCustomised: boolean }) => language.isCustomised)).toEqual([
      false,
      false,
      true,
    ]);
  });

  it("resets to the default, and turns a kind off in every language until it is turned on again", async () => {
    const { db, event, http, base } = await setUp();
    const mine = { subject: "Approved!", content: { blocks: [{ id: "t", type: "text", html: "<p>Yes</p>" }, footer] } };
    await http.put(`${base}/registration_approved/fr`, mine);

    const off = await http.post(`${base}/registration_approved/enabled`, { enabled: false });
    expect(off.body).toMatchObject({ enabled: false, canDisable: true });
    expect(off.body.languages.map((language: { isCustomised: boolean }) => language.isCustomised)).toEqual([
      false,
      true,
      false,
    ]);
    // Reset while off: the default wording, still off.
    const reset = await http.delete(`${base}/registration_approved/fr`);
    expect(reset.body).toMatchObject({
      isCustomised: false,
      enabled: false,
      subject: "Votre inscription à {{eventName}} est acceptée",
    });
    const on = await http.post(`${base}/registration_approved/enabled`, { enabled: true });
    expect(on.body.enabled).toBe(true);
    // Nothing of the event's own remains: the rows that only kept it off are gone.
    expect(await AutoMail.query(db).where({ eventId: event.id })).toHaveLength(0);

    for (const [lang, message] of [
      ["en", "The sign-in link is always sent: guests need it to sign in."],
      ["es", "El enlace de acceso se envía siempre: los invitados lo necesitan para acceder."],
    ] as const) {
      const refused = await http.post(`${base}/magic_link/enabled`, { enabled: false }, { lang });
      expect(refused.status).toBe(422);
      expect(refused.body.error.details).toEqual([
        expect.objectContaining({ field: "enabled", code: "auto_mail_always_enabled", message }),
      ]);
    }
    const entries = await AuditLog.query(db).where({ eventId: event.id }).orderBy("createdAt");
    expect(entries.map((entry) => entry.action)).toEqual([
      "auto_mail.updated",
      "auto_mail.updated",
      "auto_mail.reset",
      "auto_mail.updated",
    ]);
  });

  it("previews a draft for a guest of the event, and sends a test to the caller", async () => {
    const { db, event, http, email, base } = await setUp();
    const guest = await buildGuest(db, event, { firstName: "Léa", lastName: "Roux", email: "lea@example.org" });
    const draft = {
      subject: "Order {{orderReference}} for {{firstName}}",
      content: {
        blocks: [
          {
            id: "t",
            type: "text",
            html: "<p>{{fullName}}: {{orderItems}}, total {{orderTotal}}</p><script>x()</script>",
          },
          footer,
        ],
      },
    };
    const preview = await http.post(`${base}/order_confirmation/en/preview`, { ...draft, guestId: guest.id });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.subject).toBe("Order K7QX4M2P for Léa");
    expect(preview.body.text).toContain("Léa Roux: 2 × €22.50, total €45.00");
    expect(preview.body.html).not.toContain("<script");
    expect(preview.body.html).not.toContain("unsubscribe");
    // The saved wording (the default) when no draft is given, for the caller.
    const saved = await http.post(`${base}/magic_link/fr/preview`, {});
    expect(saved.body.subject).toBe("Connexion à Harbour summit");
    expect(saved.body.text).toContain("Bonjour Ada,");
    expect(saved.body.text).toContain("123456");
    const elsewhere = await buildGuest(db, await buildEvent(db, event.accountId), { firstName: "Other" });
    expect((await http.post(`${base}/magic_link/fr/preview`, { guestId: elsewhere.id })).status).toBe(404);

    const test = await http.post(`${base}/registration_cancelled/fr/test`, {});
    expect(test.body).toEqual({ sentTo: email });
    const mail = await suite.server.mailbox.waitFor(email);
    expect(mail.subject).toBe("[Test] Votre inscription à Harbour summit est annulée");
    expect(mail.text).toContain("Bonjour Ada,");
    const broken = await http.post(`${base}/registration_cancelled/fr/test`, {
      subject: "Oops",
      content: { blocks: [] },
    });
    expect(broken.status).toBe(422);
  });
});
