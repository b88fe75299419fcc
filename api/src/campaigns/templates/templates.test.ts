import { parse } from "parse5";
import { describe, expect, it } from "vitest";
import { checkCampaignContent } from "@tessera/shared/campaigns/check";
import { CampaignContentSchema, mergeTagsIn } from "@tessera/shared/campaigns/content";
import { CAMPAIGN_LANGUAGES, CAMPAIGN_SUBJECT_MAX, CAMPAIGN_TYPES } from "@tessera/shared/rules/campaigns";
import { validate } from "@tessera/shared/validation";
import { compileCampaign } from "../render.ts";
import { changeTemplate, defaultSubject, templateFor } from "./index.ts";

const values = {
  firstName: "Zoé",
  lastName: "Durand",
  fullName: "Zoé Durand",
  company: "ACME",
  email: "zoe@example.org",
  eventName: "Gala 2027",
  eventDate: "12 June 2027",
  registrationLink: "https://app.example.org/register",
  portalLink: "https://app.example.org/portal",
  badgeLink: "https://app.example.org/badge",
  unsubscribeLink: "https://app.example.org/unsubscribe",
};

const every = CAMPAIGN_LANGUAGES.flatMap((language) => CAMPAIGN_TYPES.map((type) => ({ type, language })));

describe("default templates", () => {
  it.each(every)("$type in $language is valid, passes the checks and renders", async ({ type, language }) => {
    const content = templateFor(type, language);
    const subject = defaultSubject(type, language);
    expect(validate(CampaignContentSchema, content).ok).toBe(true);
    expect(checkCampaignContent({ subject, content })).toEqual([]);
    // Long values must still fit the subject limit when the tags are short: the template's own words do.
    expect(subject.replace(/\{\{\w+\}\}/g, "").length).toBeLessThan(CAMPAIGN_SUBJECT_MAX);

    const message = (await compileCampaign({ subject, content, language })).personalise(values);
    const errors: string[] = [];
    parse(message.html, { onParseError: (error) => errors.push(error.code) });
    expect(errors).toEqual([]);
    expect(message.html).toContain(`lang="${language}"`);
    expect(message.subject).toContain("Gala 2027");
    expect(message.html).toContain('href="https://app.example.org/unsubscribe"');
    expect(message.text).toContain("https://app.example.org/unsubscribe");
    expect(message.text).toContain("Zoé");
    expect(`${message.html}${message.text}`).not.toMatch(/\{\{|\}\}/);
  });

  it("links each type where its guests need to go", () => {
    const links = (type: (typeof CAMPAIGN_TYPES)[number]) =>
      templateFor(type, "fr").blocks.flatMap((block) => (block.type === "button" ? [block.url] : []));
    expect(links("save_the_date")).toEqual([]);
    expect(links("invitation")).toEqual(["{{registrationLink}}"]);
    expect(links("reflate")).toEqual(["{{registrationLink}}"]);
    expect(links("reminder")).toEqual(["{{badgeLink}}", "{{portalLink}}"]);
    expect(links("thank")).toEqual(["{{portalLink}}"]);
    expect(links("custom")).toEqual(["{{portalLink}}"]);
  });

  it("has the same blocks and merge tags in every language", () => {
    for (const type of CAMPAIGN_TYPES) {
      const shape = (language: (typeof CAMPAIGN_LANGUAGES)[number]) => {
        const content = templateFor(type, language);
        const tags = JSON.stringify(content)
          .match(/\{\{\w+\}\}/g)
          ?.sort();
        return { blocks: content.blocks.map((block) => `${block.id}:${block.type}`), tags };
      };
      expect(shape("fr"), type).toEqual(shape("en"));
      expect(shape("es"), type).toEqual(shape("en"));
    }
    expect(mergeTagsIn(defaultSubject("invitation", "es")).map((use) => use.name)).toEqual(["eventName"]);
  });

  it("gives a fresh copy each time", () => {
    const first = templateFor("invitation", "en");
    first.blocks.pop();
    expect(templateFor("invitation", "en").blocks.at(-1)?.type).toBe("footer");
  });

  it("changes the template and the subject unless the author wrote their own", () => {
    const switched = changeTemplate(
      { subject: defaultSubject("invitation", "en") },
      { type: "reminder", language: "es" },
    );
    expect(switched).toEqual({ subject: defaultSubject("reminder", "es"), content: templateFor("reminder", "es") });
    expect(changeTemplate({ subject: "  " }, { type: "thank", language: "fr" }).subject).toBe(
      defaultSubject("thank", "fr"),
    );
    const own = changeTemplate({ subject: "Our summer party, {{firstName}}" }, { type: "thank", language: "fr" });
    expect(own.subject).toBe("Our summer party, {{firstName}}");
    expect(own.content).toEqual(templateFor("thank", "fr"));
  });
});
