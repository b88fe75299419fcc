import { simpleParser } from "mailparser";
import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import type { MergeValues, PieceEncoding } from "../campaigns/render.ts";
import { campaignMailOptions, writeCampaignMime, type CampaignMimeMessage } from "./campaignMime.ts";

function message(overrides: Partial<CampaignMimeMessage> = {}): CampaignMimeMessage {
  return {
    from: { name: 'Équipe "Harbour" Summit — café', address: "events@example.org" },
    replyTo: "reply@example.org",
    to: "lucia@example.org",
    subject: "Nos retrouvailles, Lucía — à très bientôt pour le sommet du port, un sujet assez long pour être plié",
    text: `Hola Lucía,\n.\n..two dots\n${"x".repeat(200)}\nend`,
    html: `<p>Hola Lucía</p>\n<p>${"y".repeat(300)}</p>\n<p>€ ✓</p>`,
    messageId: "<token123@bounces.example.org>",
    date: new Date("2026-11-29T10:00:00Z"),
    headers: {
      "List-Unsubscribe": `<http://127.0.0.1:3000/api/v1/public/unsubscribe/${"t".repeat(60)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      Precedence: "bulk",
    },
    ...overrides,
  };
}

/** The transport's options for `sent`, its bodies personalised as pieces split at `cuts` (merge slots would be). */
function optionsFor(sent: CampaignMimeMessage, envelope: { from: string; to: string }, cuts = [7, 40, 41, 250]) {
  const { subject, text, html, ...head } = sent;
  const pieces = (body: string, encoding: PieceEncoding) =>
    [0, ...cuts, body.length]
      .map((cut, index, all) => body.slice(cut, all[index + 1] ?? body.length))
      .map((piece) => encoding.encode(piece))
      .join("");
  const template = {
    personalise: () => ({ subject, text, html }),
    personaliseEncoded: (_values: MergeValues, encoding: PieceEncoding) => ({
      subject,
      text: pieces(text, encoding),
      html: pieces(html, encoding),
    }),
  };
  return campaignMailOptions(head, template, {}, envelope);
}

/** Sends through nodemailer's stream transport (SMTP's dot-stuffing aside, the bytes a server gets) and parses. */
async function delivered(options: ReturnType<typeof campaignMailOptions>) {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = (await transport.sendMail(options)) as { message: Buffer; envelope: { from: string; to: string[] } };
  return { parsed: await simpleParser(info.message), raw: info.message.toString("utf8"), envelope: info.envelope };
}

describe("a campaign message written in one pass", () => {
  it("reads back as written: names and subject in UTF-8, every line of both parts, the headers", async () => {
    const sent = message();
    const options = optionsFor(sent, { from: "bounces+token123@bounces.example.org", to: sent.to });
    expect(options.raw).toBeInstanceOf(Buffer);
    const { parsed, raw, envelope } = await delivered(options);
    expect(envelope).toEqual({ from: "bounces+token123@bounces.example.org", to: ["lucia@example.org"] });
    expect(parsed.from?.value).toEqual([{ name: sent.from.name, address: "events@example.org" }]);
    expect(parsed.replyTo?.value[0]?.address).toBe("reply@example.org");
    expect(parsed.subject).toBe(sent.subject);
    expect(parsed.messageId).toBe(sent.messageId);
    expect(parsed.date?.toISOString()).toBe("2026-11-29T10:00:00.000Z");
    expect(parsed.text).toBe(sent.text);
    expect(parsed.html).toBe(sent.html);
    expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n");
    expect(raw).toMatch(/List-Unsubscribe:\s+<http:\/\/127\.0\.0\.1:3000\/api\/v1\/public\/unsubscribe\/t{60}>/);
    expect(raw).toContain("Precedence: bulk\r\n");
    // 7-bit, CRLF only, the parts' lines within 78 characters (a long URL in a header cannot fold: within 998)
    expect([...raw].every((char) => char.charCodeAt(0) < 128)).toBe(true);
    const [head, ...body] = raw.split("\r\n\r\n");
    expect(head!.split("\r\n").every((line) => line.length <= 998 && !line.includes("\n"))).toBe(true);
    const bodyLines = body.join("\r\n\r\n").split("\r\n");
    expect(bodyLines.every((line) => line.length <= 78 && !line.includes("\n"))).toBe(true);
  });

  it("joins bodies encoded a piece at a time, wherever the pieces are cut, into the text as written", async () => {
    const sent = message({
      text: `A = B \nline with trailing space \n${"é".repeat(90)}\n\nend `,
      html: '<p a="b">x</p>',
    });
    for (const cuts of [[1], [5, 6, 7], [10, 20, 30, 80, 150], [25, 26, 27, 28, 29, 30, 31]]) {
      const { parsed, raw } = await delivered(optionsFor(sent, { from: "b@example.org", to: sent.to }, cuts));
      expect(parsed.text).toBe(sent.text);
      expect(parsed.html).toBe(sent.html);
      const body = raw.split("\r\n\r\n").slice(1).join("\r\n\r\n").split("\r\n");
      expect(body.every((line) => line.length <= 76)).toBe(true);
    }
  });

  it("keeps a merge value on its header line: a newline in a name or subject adds no header", async () => {
    const { parsed } = await delivered(
      optionsFor(
        message({
          subject: "Hello Ada\r\nBcc: victim@example.org",
          from: { name: "Ada\nX-Evil: 1", address: "a@b.org" },
        }),
        { from: "bounces@b.org", to: "lucia@example.org" },
      ),
    );
    expect(parsed.subject).toBe("Hello Ada Bcc: victim@example.org");
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.headers.has("x-evil")).toBe(false);
  });

  it("quotes a plain name with specials, leaves a simple one bare, and writes none when there is no name", () => {
    const quoted = writeCampaignMime(message({ from: { name: "Harbour, Summit", address: "e@example.org" } }));
    expect(quoted.toString()).toContain('From: "Harbour, Summit" <e@example.org>\r\n');
    const bare = writeCampaignMime(message({ from: { name: "Harbour Summit", address: "e@example.org" } }));
    expect(bare.toString()).toContain("From: Harbour Summit <e@example.org>\r\n");
    const none = writeCampaignMime(message({ from: { name: null, address: "e@example.org" } }));
    expect(none.toString()).toContain("From: e@example.org\r\n");
  });

  it("leaves an internationalised address to nodemailer, which knows how to write it", async () => {
    const sent = message({ to: "lucía@correo.example" });
    const options = optionsFor(sent, { from: "bounces@example.org", to: sent.to });
    expect(options.raw).toBeUndefined();
    const { parsed } = await delivered(options);
    expect(parsed.subject).toBe(sent.subject);
    expect(parsed.text).toBe(sent.text);
  });
});
