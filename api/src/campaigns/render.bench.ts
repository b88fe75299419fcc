/**
 * How long a campaign takes to compile (MJML, once per campaign and language) and to personalise (per
 * recipient), on every default template: `npx tsx api/src/campaigns/render.bench.ts [recipients]`.
 * Not a test: a measure to paste in a note (the send bench of issue 15 item 9 measures the whole pipeline).
 */
import { CAMPAIGN_LANGUAGES, CAMPAIGN_TYPES } from "@tessera/shared/rules/campaigns";
import { compileCampaign, type MergeValues } from "./render.ts";
import { defaultSubject, templateFor } from "./templates/index.ts";

const recipients = Number(process.argv[2] ?? 100_000);
const tracking = {
  rewriteLink: (_url: string, index: number) => `https://app.example.org/t/c/{{recipientToken}}/${index}`,
  openPixelUrl: "https://app.example.org/t/o/{{recipientToken}}.gif",
};

function valuesOf(index: number): MergeValues {
  return {
    firstName: `Zoé${index}`,
    lastName: "Durand & fils",
    fullName: `Zoé${index} Durand & fils`,
    company: "<ACME>",
    email: `zoe${index}@example.org`,
    eventName: "Gala 2027",
    eventDate: "12 June 2027",
    registrationLink: `https://app.example.org/e/gala/register?t=${index}`,
    portalLink: `https://app.example.org/e/gala/portal?t=${index}`,
    badgeLink: `https://app.example.org/e/gala/badge?t=${index}`,
    unsubscribeLink: `https://app.example.org/u/${index}`,
    recipientToken: `r${index}`,
  };
}

const compileTimes: number[] = [];
for (const language of CAMPAIGN_LANGUAGES) {
  for (const type of CAMPAIGN_TYPES) {
    const start = performance.now();
    await compileCampaign(
      { subject: defaultSubject(type, language), content: templateFor(type, language), language },
      tracking,
    );
    compileTimes.push(performance.now() - start);
  }
}
const sorted = [...compileTimes].sort((a, b) => a - b);
console.log(
  `compile: first ${compileTimes[0]!.toFixed(1)} ms (cold), then median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms over ${compileTimes.length} templates`,
);

const template = await compileCampaign(
  { subject: defaultSubject("reminder", "fr"), content: templateFor("reminder", "fr"), language: "fr" },
  tracking,
);
let bytes = 0;
const start = performance.now();
for (let index = 0; index < recipients; index++) {
  const message = template.personalise(valuesOf(index));
  bytes += message.html.length + message.text.length;
}
const seconds = (performance.now() - start) / 1000;
console.log(
  `personalise: ${recipients} recipients in ${(seconds * 1000).toFixed(0)} ms, ${((seconds / recipients) * 1e6).toFixed(1)} µs each, ${Math.round(recipients / seconds)} messages/s (${(bytes / recipients / 1024).toFixed(1)} KB html+text each)`,
);
