import { LANGUAGES, resources } from "@tessera/shared";
import { describe, expect, it } from "vitest";
import { guestPortalLink, linksInText } from "./links.ts";
import type { MailRequest } from "./mailer.ts";
import { renderMail } from "./templates.ts";

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatKeys(catalogue: object, prefix = ""): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === "object" && value !== null ? flatKeys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function requestsIn(language: MailRequest["language"]): MailRequest[] {
  return [
    {
      to: "a@x.test",
      language,
      template: "password_reset",
      data: { firstName: "Ada", accountName: "Acme", link: "https://x.test/r?t=1", validMinutes: 30 },
    },
    {
      to: "a@x.test",
      language,
      template: "invitation",
      data: { firstName: "Ada", accountName: "Acme", inviterName: "Bob", link: "https://x.test/i?t=2", validDays: 7 },
    },
    {
      to: "a@x.test",
      language,
      template: "second_factor",
      data: { firstName: "Ada", code: "123456", validMinutes: 10 },
    },
    {
      to: "a@x.test",
      language,
      template: "guest_sign_in",
      data: {
        firstName: "Ada",
        eventName: "Summit",
        link: "https://x.test/fr/summit/portal/confirm#token=t",
        code: "042042",
        validMinutes: 10,
      },
    },
    ...[null, "Parking"].map((subject) => ({
      to: "a@x.test",
      language,
      template: "contact_message" as const,
      data: {
        firstName: "Ada",
        eventName: "Summit",
        senderName: "Bob Guest",
        senderEmail: "bob@x.test",
        subject,
        message: "Hello,\nwhere can I park?",
        isSignedInGuest: subject !== null,
      },
    })),
    {
      to: "a@x.test",
      language,
      template: "waiting_list_promoted",
      data: {
        firstName: "Ada",
        eventName: "Summit",
        question: "Workshop",
        answer: "Morning",
        link: `https://x.test/${language}/summit/portal`,
      },
    },
    {
      to: "events@x.test",
      language,
      template: "sender_verification",
      data: {
        email: "events@x.test",
        accountName: "Acme",
        link: `https://x.test/${language}/senders/verify/t`,
        validHours: 48,
      },
    },
    ...(["confirmed", "pending", "declined"] as const).map((outcome) => ({
      to: "a@x.test",
      language,
      template: "registration_confirmation" as const,
      data: { firstName: "Ada", eventName: "Summit", outcome },
    })),
  ];
}

describe("mail catalogues", () => {
  it("have the same keys in every language, with every plural form the language uses", () => {
    const english = new Set(flatKeys(resources.en.mail).map((key) => key.replace(PLURAL_SUFFIX, "")));
    for (const language of LANGUAGES) {
      const keys = flatKeys(resources[language].mail);
      expect(new Set(keys.map((key) => key.replace(PLURAL_SUFFIX, "")))).toEqual(english);
      const pluralBases = new Set(
        keys.filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, "")),
      );
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const base of pluralBases) {
        for (const category of categories) expect(keys).toContain(`${base}_${category}`);
      }
    }
  });
});

describe("renderMail", () => {
  it.each(LANGUAGES)("renders every template in %s without untranslated keys", async (language) => {
    for (const request of requestsIn(language)) {
      const mail = await renderMail(request);
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toMatch(
          /(password_reset|invitation|second_factor|registration_confirmation|guest_sign_in|contact_message|waiting_list_promoted|sender_verification)\.\w+|link_fallback|\{\{/,
        );
      }
      expect(mail.html).toMatch(/^<!doctype html>/i);
      expect(mail.text).toContain("Tessera");
    }
  });

  it("escapes user values in HTML and keeps them as typed in text", async () => {
    const hostile = `<script>alert("x")</script> & Co`;
    const mail = await renderMail({
      to: "a@x.test",
      language: "en",
      template: "invitation",
      data: {
        firstName: hostile,
        accountName: "<b>Acme</b>",
        inviterName: "Eve\r\nBcc: all@x.test",
        link: "https://x.test/i",
        validDays: 2,
      },
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<b>Acme");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co");
    expect(mail.text).toContain(`Hello ${hostile},`);
    expect(mail.subject).toBe("Eve Bcc: all@x.test invites you to join <b>Acme</b> on Tessera");
  });

  it("quotes a guest's message with its line breaks, escaped, and says that replies go to the guest", async () => {
    const mail = await renderMail({
      to: "organizer@x.test",
      replyTo: "bob@x.test",
      language: "fr",
      template: "contact_message",
      data: {
        firstName: "Ada",
        eventName: "Summit",
        senderName: "Bob",
        senderEmail: "bob@x.test",
        subject: "Accès <PMR>",
        message: "Bonjour,\n<b>merci</b>",
        isSignedInGuest: false,
      },
    });
    expect(mail.subject).toBe("[Summit] Accès <PMR>");
    expect(mail.text).toContain("> Bonjour,\n> <b>merci</b>");
    expect(mail.text).toContain("Les réponses vont à l'invité.");
    expect(mail.text).not.toContain("les réponses ne sont pas lues");
    expect(mail.html).toContain("Bonjour,<br />&lt;b&gt;merci&lt;/b&gt;");
  });

  it("picks the plural form of the language", async () => {
    const render = async (language: MailRequest["language"], validMinutes: number) =>
      (
        await renderMail({
          to: "a@x.test",
          language,
          template: "second_factor",
          data: { firstName: "A", code: "1", validMinutes },
        })
      ).text;
    expect(await render("en", 1)).toContain("valid for 1 minute.");
    expect(await render("en", 5)).toContain("valid for 5 minutes.");
    expect(await render("fr", 1)).toContain("valable 1 minute.");
    expect(await render("fr", 5)).toContain("valable 5 minutes.");
    expect(await render("fr", 1_000_000)).toContain("valable 1000000 minutes.");
    expect(await render("es", 1)).toContain("válido durante 1 minuto.");
    expect(await render("es", 5)).toContain("válido durante 5 minutos.");
  });

  it("links the waiting guest who got their place to the event's guest portal, in their language", async () => {
    const mail = await renderMail({
      to: "a@x.test",
      language: "es",
      template: "waiting_list_promoted",
      data: {
        firstName: "Ada",
        eventName: "Summit",
        question: "Taller",
        answer: "Mañana",
        link: guestPortalLink("https://x.test", "es", "summit 2027"),
      },
    });
    expect(linksInText(mail.text)).toEqual(["https://x.test/es/summit%202027/portal"]);
    expect(mail.text).toContain("Abrir tu área de invitado");
    expect(mail.html).toContain('href="https://x.test/es/summit%202027/portal"');
  });

  it("refuses links that are not absolute http(s) URLs", async () => {
    const withLink = (link: string): MailRequest => ({
      to: "a@x.test",
      language: "en",
      template: "password_reset",
      data: { firstName: "A", accountName: "Acme", link, validMinutes: 5 },
    });
    await expect(renderMail(withLink("javascript:alert(1)"))).rejects.toThrow(/http\(s\)/);
    await expect(renderMail(withLink("/relative/path"))).rejects.toThrow();
  });
});
