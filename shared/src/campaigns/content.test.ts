import { describe, expect, it } from "vitest";
import { validate } from "../validation.ts";
import {
  CAMPAIGN_BLOCKS_MAX,
  CAMPAIGN_TEXT_HTML_MAX,
  CampaignContentSchema,
  MERGE_TAGS,
  mergeTagsIn,
  type CampaignBlock,
} from "./content.ts";

const footer: CampaignBlock = { id: "f", type: "footer", html: "<p>{{unsubscribeLink}}</p>" };
const every: CampaignBlock[] = [
  { id: "t", type: "text", html: "<h1>Hello {{firstName}}</h1><p>Welcome</p>" },
  {
    id: "i",
    type: "image",
    src: "https://cdn.example.org/a.png",
    alt: "A hall",
    url: "https://example.org",
    width: 300,
  },
  {
    id: "b",
    type: "button",
    label: "Register",
    url: "{{registrationLink}}",
    backgroundColor: "#112233",
    textColor: "#FFFFFF",
  },
  { id: "d", type: "divider" },
  { id: "s", type: "spacer", height: 24 },
  footer,
];

describe("campaign content schema", () => {
  it("accepts every block type", () => {
    expect(validate(CampaignContentSchema, { blocks: every })).toEqual({ ok: true, value: { blocks: every } });
  });

  it("accepts a draft: a button without its target yet", () => {
    const draft = { blocks: [{ ...every[2], url: "" }] };
    expect(validate(CampaignContentSchema, draft).ok).toBe(true);
  });

  it("refuses too many blocks, too long texts and unknown shapes", () => {
    const many = Array.from({ length: CAMPAIGN_BLOCKS_MAX + 1 }, (_, i) => ({ id: `d${i}`, type: "divider" }));
    expect(validate(CampaignContentSchema, { blocks: many }).ok).toBe(false);
    const long = { blocks: [{ id: "t", type: "text", html: "x".repeat(CAMPAIGN_TEXT_HTML_MAX + 1) }] };
    expect(validate(CampaignContentSchema, long).ok).toBe(false);
    for (const block of [
      { id: "t", type: "script", html: "<p>x</p>" },
      { id: "t", type: "text", html: "<p>x</p>", style: "color:red" },
      { id: "t", type: "text", html: 42 },
      { id: "bad id!", type: "divider" },
      { id: "s", type: "spacer", height: 5000 },
      { id: "i", type: "image", src: "javascript:alert(1)", alt: "", url: "" },
      { id: "i", type: "image", src: "https://x.org/a.png", alt: "", url: "", width: 10_000 },
      { ...every[2], backgroundColor: "red;background:url(x)" },
      { ...every[2], label: "x".repeat(101) },
    ]) {
      expect(validate(CampaignContentSchema, { blocks: [block] }).ok, JSON.stringify(block).slice(0, 60)).toBe(false);
    }
    expect(validate(CampaignContentSchema, { blocks: [], theme: "dark" }).ok).toBe(false);
  });

  it("refuses a document nested past any schema's depth", () => {
    let deep: unknown = "x";
    for (let i = 0; i < 100; i++) deep = { deep };
    expect(validate(CampaignContentSchema, { blocks: [deep] }).ok).toBe(false);
  });

  it("finds merge tags, known or not, spaces tolerated", () => {
    expect(MERGE_TAGS).toContain("unsubscribeLink");
    expect(mergeTagsIn("Hi {{firstName}}, {{ eventName }} {{nope}} {{}} {single}").map((use) => use.name)).toEqual([
      "firstName",
      "eventName",
      "nope",
      "",
    ]);
  });
});
