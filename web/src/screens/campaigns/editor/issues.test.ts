import { describe, expect, it } from "vitest";
import { checkCampaignContent } from "@tessera/shared/campaigns/check";
import type { CampaignBlock } from "@tessera/shared/campaigns/content";
import { editorIssues, messageAt, placeOfIssue, type IssueLike } from "./issues.ts";

const blocks: CampaignBlock[] = [
  { id: "hello", type: "text", html: "<p>Hi {{nickname}}</p>" },
  { id: "go", type: "button", label: "", url: "ftp://x", backgroundColor: "#000000", textColor: "#ffffff" },
  { id: "end", type: "footer", html: "" },
];

describe("campaign content issues in the editor", () => {
  it("reads the rules' field paths, the campaign's per language too", () => {
    expect(placeOfIssue("subject")).toEqual({ language: null, area: "subject", blockIndex: null, property: null });
    expect(placeOfIssue("content.blocks.2.url")).toEqual({
      language: null,
      area: "block",
      blockIndex: 2,
      property: "url",
    });
    expect(placeOfIssue("content.fr.blocks.0")).toEqual({
      language: "fr",
      area: "block",
      blockIndex: 0,
      property: null,
    });
    expect(placeOfIssue("content.es")).toMatchObject({ language: "es", area: "content" });
    expect(placeOfIssue("content.blocks")).toMatchObject({ language: null, area: "content" });
  });

  it("puts shared checkCampaignContent's issues at their block, worded from their code and params", () => {
    // The screen words them with the validation catalogue, as the API does; here a word shows what it was given.
    const word = (issue: IssueLike) => `${issue.code}${issue.params ? ` ${JSON.stringify(issue.params)}` : ""}`;
    const issues = checkCampaignContent({ subject: "", content: { blocks } });
    const shown = editorIssues(issues, blocks, "en", word);
    expect(shown.subject).toEqual(["required"]);
    expect(messageAt(shown.blocks.get("hello"), "html")).toBe('campaign_unknown_merge_tag {"tag":"{{nickname}}"}');
    expect(messageAt(shown.blocks.get("go"), "label")).toBe("required");
    expect(messageAt(shown.blocks.get("go"), "url")).toBe("campaign_target_url_invalid");
    expect(messageAt(shown.blocks.get("end"), "html")).toBe("bloc_empty");
    expect(messageAt(shown.blocks.get("end"), null)).toBeUndefined();
    expect(shown.content).toEqual([]);
  });

  it("keeps the summary's issues of the language shown, and the document's own at its top", () => {
    const summary: IssueLike[] = [
      { field: "content.fr.blocks.1.url", code: "x" },
      { field: "content.en.blocks.1.url", code: "y" },
      { field: "content.en.blocks", code: "campaign_footer_required" },
      { field: "content.en.blocks.9.url", code: "gone" },
    ];
    const shown = editorIssues(summary, blocks, "en", (issue) => issue.code);
    expect(shown.blocks.get("go")).toEqual([{ property: "url", message: "y" }]);
    expect(shown.content).toEqual(["campaign_footer_required", "gone"]);
  });
});
