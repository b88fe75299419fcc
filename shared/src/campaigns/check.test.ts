import { describe, expect, it } from "vitest";
import { createI18n } from "../i18n/index.ts";
import { checkCampaignContent, isCampaignLinkHref, isCampaignTargetUrl } from "./check.ts";
import type { ButtonBlock, CampaignBlock, CampaignContent } from "./content.ts";

const footer: CampaignBlock = { id: "f", type: "footer", html: '<p><a href="{{unsubscribeLink}}">Unsubscribe</a></p>' };
const button = (url: string): CampaignBlock => ({
  id: "b",
  type: "button",
  label: "Register",
  url,
  backgroundColor: "#3b5bdb",
  textColor: "#ffffff",
});
const content = (...blocks: CampaignBlock[]): CampaignContent => ({ blocks });

describe("checkCampaignContent", () => {
  it("accepts a complete campaign", () => {
    const blocks = content(
      { id: "t", type: "text", html: '<p>Hello {{ firstName }}, <a href="mailto:info@example.org">write</a></p>' },
      button("{{registrationLink}}?from=mail"),
      {
        id: "i",
        type: "image",
        src: "https://cdn.example.org/a.png",
        alt: "The hall",
        url: "https://example.org/?n={{email}}",
      },
      footer,
    );
    expect(checkCampaignContent({ subject: "Join us, {{firstName}}", content: blocks })).toEqual([]);
  });

  it("asks for a subject of at most 80 characters", () => {
    expect(checkCampaignContent({ subject: "  ", content: content(footer) })).toEqual([
      { field: "subject", code: "required" },
    ]);
    expect(checkCampaignContent({ subject: "é".repeat(80), content: content(footer) })).toEqual([]);
    expect(checkCampaignContent({ subject: "x".repeat(81), content: content(footer) })).toEqual([
      { field: "subject", code: "campaign_subject_too_long", params: { count: 80 } },
    ]);
  });

  it("asks buttons and images for a target url: http(s) or a link merge tag", () => {
    const image: CampaignBlock = { id: "i", type: "image", src: "https://cdn.example.org/a.png", alt: "", url: "" };
    expect(checkCampaignContent({ subject: "S", content: content(button(""), image, footer) })).toEqual([
      { field: "content.blocks.0.url", code: "campaign_target_url_required" },
      { field: "content.blocks.1.alt", code: "campaign_image_alt_required" },
      { field: "content.blocks.1.url", code: "campaign_target_url_required" },
    ]);
    for (const url of [
      "javascript:alert(1)",
      "ftp://x.org",
      "example.org",
      "{{firstName}}",
      "https://exa mple.org",
      "//x.org",
    ]) {
      expect(checkCampaignContent({ subject: "S", content: content(button(url), footer) }), url).toEqual([
        { field: "content.blocks.0.url", code: "campaign_target_url_invalid" },
      ]);
    }
    expect(isCampaignTargetUrl("HTTPS://example.org/a?b=1")).toBe(true);
    expect(isCampaignTargetUrl("{{portalLink}}")).toBe(true);
    expect(isCampaignLinkHref("mailto:a@b.org")).toBe(true);
    expect(isCampaignLinkHref("javascript:void(0)")).toBe(false);
  });

  it("requires one footer, last", () => {
    const text: CampaignBlock = { id: "t", type: "text", html: "<p>Hi</p>" };
    expect(checkCampaignContent({ subject: "S", content: content(text) })).toEqual([
      { field: "content.blocks", code: "campaign_footer_required" },
    ]);
    expect(checkCampaignContent({ subject: "S", content: content(footer, text) })).toEqual([
      { field: "content.blocks.0", code: "campaign_footer_last" },
    ]);
    expect(checkCampaignContent({ subject: "S", content: content(text, footer, { ...footer, id: "g" }) })).toEqual([
      { field: "content.blocks.1", code: "campaign_footer_last" },
      { field: "content.blocks.2", code: "campaign_footer_once" },
    ]);
  });

  it("names unknown merge tags, empty texts, bad links and repeated ids", () => {
    const issues = checkCampaignContent({
      subject: "Hi {{firstname}}",
      content: content(
        {
          id: "t",
          type: "text",
          html: '<p>{{eventName}} {{ticket}} {{ticket}} <a href="javascript:alert(1)">x</a></p>',
        },
        { id: "t", type: "text", html: "<p> &nbsp;</p>" },
        { ...(button("{{registrationLink}}") as ButtonBlock), label: "{{badge}}" },
        footer,
      ),
    });
    expect(issues).toEqual([
      { field: "subject", code: "campaign_unknown_merge_tag", params: { tag: "{{firstname}}" } },
      { field: "content.blocks.0.html", code: "campaign_unknown_merge_tag", params: { tag: "{{ticket}}" } },
      { field: "content.blocks.0.html", code: "campaign_link_invalid" },
      { field: "content.blocks.1.id", code: "campaign_block_id_taken" },
      { field: "content.blocks.1.html", code: "bloc_empty" },
      { field: "content.blocks.2.label", code: "campaign_unknown_merge_tag", params: { tag: "{{badge}}" } },
    ]);
  });

  it("refuses a whole too large to be read", () => {
    const texts = Array.from({ length: 8 }, (_, i): CampaignBlock => ({
      id: `t${i}`,
      type: "text",
      html: `<p>${"x".repeat(9000)}</p>`,
    }));
    expect(checkCampaignContent({ subject: "S", content: content(...texts, footer) })).toEqual([
      { field: "content", code: "campaign_content_too_large" },
    ]);
  });

  it("says each issue in English (the spec's words), French and Spanish", () => {
    const issues = checkCampaignContent({
      subject: "x".repeat(81),
      content: content(button(""), { ...footer, html: "<p>{{x}}</p>" }),
    });
    const say = (language: "en" | "fr" | "es") => {
      // Issue codes are plain strings; the catalogue lookup below is what checks they are keys.
      const t = createI18n(language).getFixedT(language, "validation") as (
        key: string,
        options: Record<string, unknown>,
      ) => string;
      return issues.map((issue) => t(issue.code, { ...issue.params }));
    };
    expect(say("en")).toEqual([
      "Campaign subject at most 80 characters.",
      "Buttons and images in campaign emails need a target url.",
      "{{x}} is not a known merge tag.",
    ]);
    expect(say("fr")).toEqual([
      "L'objet de la campagne doit faire au plus 80 caractères.",
      "Les boutons et les images des e-mails de campagne ont besoin d'une URL cible.",
      "{{x}} n'est pas une balise de personnalisation connue.",
    ]);
    expect(say("es")).toEqual([
      "El asunto de la campaña debe tener como máximo 80 caracteres.",
      "Los botones y las imágenes de los correos de campaña necesitan una URL de destino.",
      "{{x}} no es una etiqueta de personalización conocida.",
    ]);
    const en = createI18n("en").getFixedT("en", "validation");
    expect(en("campaign_footer_required")).toBe("A footer is required.");
  });
});
