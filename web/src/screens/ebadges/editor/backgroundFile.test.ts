import { describe, expect, it } from "vitest";
import { backgroundFileProblem, backgroundLimitText } from "./backgroundFile.ts";

describe("a badge background chosen in the browser", () => {
  it("must be a JPEG or PNG of at most 4 MB", () => {
    expect(backgroundFileProblem({ type: "image/png", size: 4 * 1024 * 1024 })).toBeNull();
    expect(backgroundFileProblem({ type: "image/jpeg", size: 10 })).toBeNull();
    expect(backgroundFileProblem({ type: "image/webp", size: 10 })).toBe("type");
    expect(backgroundFileProblem({ type: "image/png", size: 4 * 1024 * 1024 + 1 })).toBe("size");
  });

  it("says its limit in the user's language", () => {
    expect(backgroundLimitText("en")).toBe("4 MB");
    expect(backgroundLimitText("fr")).toMatch(/^4\sMo$/);
  });
});
