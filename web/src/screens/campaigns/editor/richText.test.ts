import { describe, expect, it } from "vitest";
import { applyFormat, insertText, wrapSelection } from "./richText.ts";
import { progressPercent, missingCredits, isFutureDate } from "../summary/sending.ts";

describe("campaign text editing", () => {
  it("wraps the selection and keeps it on the same words", () => {
    expect(wrapSelection("Hello world", 6, 11, "<strong>", "</strong>")).toEqual({
      value: "Hello <strong>world</strong>",
      selectionStart: 14,
      selectionEnd: 19,
    });
    expect(applyFormat("Hello world", 11, 6, "italic").value).toBe("Hello <em>world</em>");
  });

  it("inserts merge tags at the caret or in place of the selection", () => {
    expect(insertText("Hello !", 6, 6, "{{firstName}}")).toEqual({
      value: "Hello {{firstName}}!",
      selectionStart: 19,
      selectionEnd: 19,
    });
    expect(insertText("Hello you", 6, 9, "{{firstName}}").value).toBe("Hello {{firstName}}");
  });

  it("makes links (the URL escaped) and lists of the selected lines", () => {
    expect(applyFormat("see here", 4, 8, "link", 'https://x.org/?a=1&b="2"').value).toBe(
      'see <a href="https://x.org/?a=1&amp;b=&quot;2&quot;">here</a>',
    );
    expect(applyFormat("", 0, 0, "link", "{{portalLink}}").value).toBe('<a href="{{portalLink}}">{{portalLink}}</a>');
    expect(applyFormat("one\ntwo\n", 0, 8, "bulletList").value).toBe("<ul><li>one</li><li>two</li></ul>");
    expect(applyFormat("x", 1, 1, "numberedList").value).toBe("x<ol><li></li></ol>");
  });
});

describe("campaign sending figures", () => {
  it("tells how far a send has gone and what credits are missing", () => {
    expect(progressPercent(null)).toBe(0);
    expect(progressPercent({ total: 0, queued: 0, sending: 0, sent: 0, failed: 0, bounced: 0 })).toBe(0);
    expect(progressPercent({ total: 200, queued: 90, sending: 10, sent: 90, failed: 5, bounced: 5 })).toBe(50);
    expect(missingCredits(120, 100)).toBe(20);
    expect(missingCredits(80, 100)).toBe(0);
    expect(missingCredits(80, undefined)).toBe(0);
    const now = new Date("2030-01-01T10:00:00Z");
    expect(isFutureDate(new Date("2030-01-01T10:05:00Z"), now)).toBe(true);
    expect(isFutureDate(new Date("2030-01-01T09:00:00Z"), now)).toBe(false);
    expect(isFutureDate(null, now)).toBe(false);
  });
});
