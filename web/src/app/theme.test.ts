import { DEFAULT_THEME } from "@mantine/core";
import { describe, expect, it } from "vitest";
import {
  contrastRatio,
  DIMMED_TEXT,
  FILLED_SHADE,
  PAGE_BACKGROUNDS,
  PLACEHOLDER_TEXT,
  READABLE_COLORS,
  theme,
} from "./theme.ts";

/** WCAG 2.1 AA for text (1.4.3). */
const AA = 4.5;
const WHITE = "#ffffff";

describe("the theme's colours read at WCAG AA", () => {
  it("measures contrast as WCAG does", () => {
    expect(contrastRatio("#000000", WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio(WHITE, WHITE)).toBe(1);
    // The usual reference pairs: #767676 is the lightest grey that passes on white, #777777 fails.
    expect(contrastRatio("#767676", WHITE)).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio("#777777", WHITE)).toBeLessThan(AA);
    // And what failed before: Mantine's indigo under white text, its dimmed grey on white.
    expect(contrastRatio(WHITE, DEFAULT_THEME.colors.indigo[6])).toBeLessThan(AA);
    expect(contrastRatio(DEFAULT_THEME.colors.gray[6], WHITE)).toBeLessThan(AA);
  });

  it("fills with a shade that white text reads on, and that reads as text on the page", () => {
    expect(theme.primaryShade).toBe(FILLED_SHADE);
    for (const [name, palette] of Object.entries(READABLE_COLORS)) {
      const filled = palette[FILLED_SHADE];
      expect(contrastRatio(WHITE, filled), `white on ${name} ${filled}`).toBeGreaterThanOrEqual(AA);
      for (const background of PAGE_BACKGROUNDS) {
        expect(contrastRatio(filled, background), `${name} ${filled} on ${background}`).toBeGreaterThanOrEqual(AA);
      }
    }
  });

  it("writes light and subtle variants (badges, alerts, buttons) in a shade that reads on their backgrounds", () => {
    for (const [name, palette] of Object.entries(READABLE_COLORS)) {
      const text = palette[9];
      // Light: on shade 1, hovered on shade 2; subtle: on the page.
      for (const background of [palette[1], palette[2], ...PAGE_BACKGROUNDS]) {
        expect(contrastRatio(text, background), `${name} ${text} on ${background}`).toBeGreaterThanOrEqual(AA);
      }
    }
  });

  it("keeps the palettes in order, from light to dark, and only touches the shades that carry text", () => {
    for (const [name, palette] of Object.entries(READABLE_COLORS)) {
      const original = DEFAULT_THEME.colors[name as keyof typeof DEFAULT_THEME.colors]!;
      expect(palette.slice(0, FILLED_SHADE), name).toEqual(original.slice(0, FILLED_SHADE));
      expect(contrastRatio(palette[9], WHITE), name).toBeGreaterThan(contrastRatio(palette[FILLED_SHADE], WHITE));
    }
  });

  it("makes dimmed text and placeholders readable", () => {
    const primary = READABLE_COLORS.indigo;
    for (const background of [...PAGE_BACKGROUNDS, primary[0], primary[1]]) {
      expect(contrastRatio(DIMMED_TEXT, background), `dimmed on ${background}`).toBeGreaterThanOrEqual(AA);
    }
    expect(contrastRatio(PLACEHOLDER_TEXT, WHITE)).toBeGreaterThanOrEqual(AA);
  });
});
