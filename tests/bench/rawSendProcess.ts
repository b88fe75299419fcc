// The campaign bench's floor: the same messages (the campaign compiled once, personalised per recipient, tracking
// links and all) sent with nodemailer alone, through a pool of the same number of connections, to the same sink —
// no database, no ledger, no credits; the same sockets (Nagle off) as the product's transport. argv: <smtp url>
// <count> <connections> [composed]. Plain, nodemailer composes each message (the floor); "composed", it is
// given each message's bytes written as the sender writes them (campaignMime.ts), the floor of the sender's way.
// Prints "elapsed <ms>".
import nodemailer from "nodemailer";
import { listUnsubscribeHeaders, trackingRenderOptions } from "../../api/src/campaigns/links.ts";
import { compileCampaign } from "../../api/src/campaigns/render.ts";
import { campaignMailOptions } from "../../api/src/mail/campaignMime.ts";
import { noDelaySocket } from "../../api/src/mail/noDelaySocket.ts";
import { recipientMergeValues } from "../../api/src/campaigns/values.ts";
import { sendableContent } from "../helpers/campaigns.ts";

const [url, countText, connectionsText, mode] = process.argv.slice(2) as [string, string, string, string?];
const count = Number(countText);
const connections = Number(connectionsText);
const publicUrl = "http://127.0.0.1:3000";
const template = await compileCampaign(
  { subject: "See you soon, {{firstName}}", content: sendableContent(), language: "en" },
  trackingRenderOptions(publicUrl),
);
const event = {
  name: "Bench",
  slug: "bench",
  startsAt: null,
  isAllDay: false,
  timezone: "UTC",
  registrationFormId: "f",
};
const transport = nodemailer.createTransport({
  url,
  pool: true,
  maxConnections: connections,
  maxMessages: Infinity,
  getSocket: noDelaySocket(10_000),
} as Parameters<typeof nodemailer.createTransport>[0]);
let next = 0;
const start = performance.now();
await Promise.all(
  Array.from({ length: connections * 2 }, async () => {
    while (next < count) {
      const index = next++;
      const token = `floor${String(index).padStart(19, "0")}`;
      const values = recipientMergeValues(publicUrl, event, {
        firstName: `Guest${index}`,
        lastName: null,
        company: null,
        email: `floor${index}@example.org`,
        language: "en",
        token,
      });
      const envelope = { from: `bounces+${token}@bounces.example.org`, to: `floor${index}@example.org` };
      const head = {
        from: { name: "Bench", address: "events@example.org" },
        to: envelope.to,
        messageId: `<${token}@bounces.example.org>`,
        headers: { ...listUnsubscribeHeaders(publicUrl, token), Precedence: "bulk" },
      };
      await transport.sendMail(
        mode === "composed"
          ? campaignMailOptions({ ...head, date: new Date() }, template, values, envelope)
          : { ...head, ...template.personalise(values), envelope },
      );
    }
  }),
);
console.log(`elapsed ${(performance.now() - start).toFixed(0)}`);
transport.close();
process.exit(0);
