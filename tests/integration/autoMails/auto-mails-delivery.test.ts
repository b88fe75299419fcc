import { describe, expect, it } from "vitest";
import { listedUser } from "../../helpers/actors.ts";
import { eventBase } from "../../helpers/checkins.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildEvent } from "../../helpers/events.ts";
import { buildAccount } from "../../helpers/factories.ts";
import { buildForm } from "../../helpers/forms.ts";
import { buildGuest } from "../../helpers/guests.ts";
import { buildOfflinePayment, buildOrder, buildTicket, writeTicketingParams } from "../../helpers/orders.ts";
import { signedInGuestClient } from "../../helpers/portal.ts";
import { useTestServer } from "../../helpers/suite.ts";

/**
 * Each automatic mail (issue 15 item 7) is sent at its real moment with the event's wording: a registration
 * through the online form, the organizer approving and rejecting, the guest cancelling in their portal, asking to
 * sign in, an order the organizer records as paid and its refund. Each test customises the kind's subject and
 * text, triggers the action and reads the message in the SMTP sink, in the guest's language; a kind turned off
 * sends nothing.
 */
describe.each(databaseKinds())("automatic mails delivered on %s", (kind) => {
  const suite = useTestServer(kind);

  async function setUp() {
    const { db } = suite.server;
    const account = await buildAccount(db);
    const event = await buildEvent(db, account.id, { name: "Harbour summit", languages: ["en", "fr", "es"] });
    const { http } = await listedUser(suite.server, event, { role: "editor", firstName: "Eddie", lastName: "Tor" });
    const autoMails = `${eventBase(event)}/auto-mails`;
    /** Saves the kind's wording in a language: the default's blocks with a subject and an opening of our own. */
    async function customise(kind: string, language: string, subject: string, opening: string) {
      const current = await http.get(`${autoMails}/${kind}/${language}`);
      const blocks = [{ id: "mine", type: "text", html: `<p>${opening}</p>` }, ...current.body.content.blocks];
      const saved = await http.put(`${autoMails}/${kind}/${language}`, { subject, content: { blocks } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    const turnOff = async (kind: string) =>
      expect((await http.post(`${autoMails}/${kind}/enabled`, { enabled: false })).status).toBe(200);
    const email = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.org`;
    return { db, event, http, customise, turnOff, email };
  }

  const mailbox = () => suite.server.mailbox;
  const nothingFor = (to: string) => expect(mailbox().waitFor(to, { timeoutMs: 600 })).rejects.toThrow();

  it("confirms a registration through the form with the event's French wording and the entry code", async () => {
    const { db, event, customise, turnOff, email } = await setUp();
    await customise(
      "registration_confirmation",
      "fr",
      "Bienvenue {{firstName}} !",
      "Votre place à {{eventName}} est prête.",
    );
    const form = await buildForm(db, event, { state: "online", items: [] });
    const register = (mail: string, lang: string) =>
      suite.server.http.post(`/${lang}/${event.slug}/forms/sendForm/${form.id}`, {
        formId: form.id,
        mail,
        items: { firstName: "Léa", lastName: "Roux", answers: {} },
      });

    const lea = email("lea");
    expect((await register(lea, "fr")).status).toBe(201);
    const mail = await mailbox().waitFor(lea);
    expect(mail.subject).toBe("Bienvenue Léa !");
    expect(mail.text).toContain("Votre place à Harbour summit est prête.");
    expect(mail.text).toContain("Bonjour Léa,");
    expect(mail.html).toContain('lang="fr"');
    // The entry code's QR image, shown by Content-ID.
    expect(mail.attachments.map((attachment) => [attachment.contentType, attachment.cid])).toEqual([
      ["image/png", "entry-code@tessera"],
    ]);

    // English has no wording of its own: the default.
    const max = email("max");
    await register(max, "en");
    expect((await mailbox().waitFor(max)).subject).toBe("Your registration for Harbour summit is confirmed");

    await turnOff("registration_confirmation");
    const zoe = email("zoe");
    expect((await register(zoe, "fr")).status).toBe(201);
    await nothingFor(zoe);
  });

  it("tells a guest awaiting approval that they are approved, or rejected, in their language", async () => {
    const { db, event, http, customise, turnOff, email } = await setUp();
    await customise("registration_approved", "es", "¡Aceptado, {{firstName}}!", "Le esperamos en {{eventName}}.");
    await customise("registration_rejected", "en", "Sorry {{firstName}}", "No seats left at {{eventName}}.");
    const users = `${eventBase(event)}/users`;
    const waiting = async (name: string, language: string) =>
      buildGuest(db, event, { email: email(name), firstName: name, status: "pending_approval", language });

    const ana = await waiting("Ana", "es");
    expect((await http.post(`${users}/${ana.id}`, { status: "confirmed" })).status).toBe(200);
    const approved = await mailbox().waitFor(ana.email!);
    expect(approved.subject).toBe("¡Aceptado, Ana!");
    expect(approved.text).toContain("Le esperamos en Harbour summit.");
    expect(approved.html).toContain('lang="es"');

    const bob = await waiting("Bob", "en");
    await http.post(`${users}/${bob.id}`, { status: "rejected" });
    const rejected = await mailbox().waitFor(bob.email!);
    expect(rejected.subject).toBe("Sorry Bob");
    expect(rejected.text).toContain("No seats left at Harbour summit.");

    // A change that is neither sends nothing; nor does a kind turned off.
    const cy = await waiting("Cy", "en");
    await http.post(`${users}/${cy.id}`, { firstName: "Cyril" });
    await nothingFor(cy.email!);
    await turnOff("registration_approved");
    await http.post(`${users}/${cy.id}`, { status: "confirmed" });
    await nothingFor(cy.email!);
  });

  it("confirms the cancellation a guest makes in their portal, and sends the sign-in link with its code", async () => {
    const { db, event, http, customise, turnOff, email } = await setUp();
    await customise("magic_link", "en", "Your key to {{eventName}}", "Sign in with the button below.");
    await customise("registration_cancelled", "fr", "Annulation enregistrée", "Dommage, {{firstName}} !");
    const portal = `/api/v1/public/events/${event.slug}/portal`;

    const guest = await buildGuest(db, event, { email: email("eve"), firstName: "Eve", status: "confirmed" });
    await suite.server.http.post(`${portal}/link`, { email: guest.email });
    const link = await mailbox().waitFor(guest.email!);
    expect(link.subject).toBe("Your key to Harbour summit");
    expect(link.text).toContain("Sign in with the button below.");
    expect(link.text).toMatch(/\b\d{6}\b/);
    expect(link.text).toContain(`/en/${event.slug}/portal/confirm#token=tsl_`);

    // The sign-in link cannot be turned off: a guest must always be able to sign in.
    const refused = await http.post(`${eventBase(event)}/auto-mails/magic_link/enabled`, { enabled: false });
    expect(refused.status).toBe(422);

    // Reset to the default wording (the helper below waits for its "Sign in" subject).
    expect((await http.delete(`${eventBase(event)}/auto-mails/magic_link/en`)).body.isCustomised).toBe(false);
    const client = await signedInGuestClient(suite.server, portal, guest.email!);
    const cancelled = await client.post(`${portal}/unregister`, {}, { lang: "fr" });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const mail = await mailbox().waitFor(guest.email!);
    expect(mail.subject).toBe("Annulation enregistrée");
    expect(mail.text).toContain("Dommage, Eve !");

    await turnOff("registration_cancelled");
    const other = await buildGuest(db, event, { email: email("finn"), firstName: "Finn", status: "confirmed" });
    const otherClient = await signedInGuestClient(suite.server, portal, other.email!);
    expect((await otherClient.post(`${portal}/unregister`, {})).status).toBe(200);
    await nothingFor(other.email!);
  });

  it("confirms an order recorded as paid, and each refund, once, to the buyer in their language", async () => {
    const { db, event, http, customise, turnOff, email } = await setUp();
    await customise(
      "order_confirmation",
      "fr",
      "Commande {{orderReference}} reçue",
      "Total {{orderTotal}} pour {{orderItems}}.",
    );
    await customise("order_refund", "fr", "Remboursement de {{refundAmount}}", "Commande {{orderReference}}.");
    await writeTicketingParams(db, event, { terms: "Terms", paymentMethods: ["transfer", "desk"] });
    const ticket = await buildTicket(db, event, { caption: "Day pass" });
    const buyer = await buildGuest(db, event, { email: email("paul"), firstName: "Paul", language: "fr" });
    const orders = `${eventBase(event)}/orders`;

    const created = await http.post(orders, {
      guestId: buyer.id,
      items: [{ ticketId: ticket.id, quantity: 2 }],
      paymentMethod: "transfer",
      paid: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const confirmation = await mailbox().waitFor(buyer.email!);
    const reference = created.body.reference as string;
    expect(confirmation.subject).toBe(`Commande ${reference} reçue`);
    expect(confirmation.text).toMatch(/Total 240,00\s€ pour 2 × Day pass\./);

    const refunded = await http.post(`${orders}/${created.body.id}/refund`, {
      items: [{ itemId: created.body.items[0].id, quantity: 1 }],
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const refund = await mailbox().waitFor(buyer.email!);
    expect(refund.subject).toMatch(/^Remboursement de 120,00\s€$/);
    expect(refund.text).toContain(`Commande ${reference}.`);
    // Whatever runs the order's follow-up again, each mail went once.
    await suite.server.deps.jobs.drain();
    await nothingFor(buyer.email!);

    await turnOff("order_refund");
    const { order } = await buildOrder(db, event, {
      guestId: buyer.id,
      items: [{ ticket, holderId: null, quantity: 1 }],
      overrides: { paymentMethod: "transfer" },
    });
    await buildOfflinePayment(db, order);
    expect((await http.post(`${orders}/${order.id}/refund`, {})).status).toBe(200);
    await nothingFor(buyer.email!);
  });
});
