import {
  createTheme,
  DEFAULT_THEME,
  luminance,
  toRgba,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from "@mantine/core";

/**
 * WCAG AA asks 4.5:1 for text (issue 10, item 12). The shades below aim a little higher, so that the
 * browser's rounding of a colour never tips a pair under the bar.
 */
export const TEXT_CONTRAST = 4.6;

/** The WCAG 2 contrast ratio of two colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

function darkenHex(color: string, amount: number): string {
  const { r, g, b } = toRgba(color);
  const channel = (value: number) =>
    Math.round(value * (1 - amount))
      .toString(16)
      .padStart(2, "0");
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}

/**
 * The colour, darkened by the smallest step (1 % at a time) that makes it read at TEXT_CONTRAST on
 * every background given, and darker than `darkerThan` when given.
 */
export function readableOn(color: string, backgrounds: readonly string[], darkerThan?: string): string {
  for (let step = 0; step < 100; step++) {
    const shade = darkenHex(color, step / 100);
    const isDarkEnough = darkerThan === undefined || luminance(shade) < luminance(darkerThan);
    if (isDarkEnough && backgrounds.every((background) => contrastRatio(shade, background) >= TEXT_CONTRAST)) {
      return shade;
    }
  }
  return "#000000";
}

const WHITE = "#ffffff";
const GRAY = DEFAULT_THEME.colors.gray;
const PRIMARY = "indigo";
/** What text sits on in the back office: the page, striped and hovered table rows, grey panels. */
export const PAGE_BACKGROUNDS = [WHITE, GRAY[0], GRAY[1]] as const;

/** The shade Mantine fills with (buttons, badges), draws outlines and colours text with (`c="red"`, links). */
export const FILLED_SHADE = 8;

/**
 * Mantine's palettes with the two shades that carry text made readable; the others stay as they are.
 * - FILLED_SHADE: white text on it, and it as text on the page backgrounds (outline, links, `c="red"`).
 * - 9, the text of the light and subtle variants: on shade 1 (their background), shade 2 (hovered) and
 *   on the page (subtle).
 * Mantine's own shades fail here: the indigo it fills with gives white text 4.3:1, green 2.4:1, and the
 * yellow and orange light badges 2.7:1.
 */
function readablePalette(palette: MantineColorsTuple): MantineColorsTuple {
  const filled = readableOn(palette[FILLED_SHADE], [...PAGE_BACKGROUNDS, palette[0]]);
  const lightText = readableOn(palette[9], [...PAGE_BACKGROUNDS, palette[1], palette[2]], filled);
  return [...palette.slice(0, FILLED_SHADE), filled, lightText] as unknown as MantineColorsTuple;
}

export const READABLE_COLORS = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, palette]) => [name, readablePalette(palette)]),
) as Record<keyof typeof DEFAULT_THEME.colors, MantineColorsTuple>;

/**
 * Secondary text (`c="dimmed"`): Mantine's gray 6 gives 3.3:1 on white. Darkened until it reads on the
 * page backgrounds and on the primary colour's light backgrounds (active navigation, light alerts).
 */
export const DIMMED_TEXT = readableOn(GRAY[6], [
  ...PAGE_BACKGROUNDS,
  READABLE_COLORS[PRIMARY][0],
  READABLE_COLORS[PRIMARY][1],
]);

/** Placeholders are text too (WCAG 1.4.3): Mantine's gray 5 gives 2.1:1 in a white input. */
export const PLACEHOLDER_TEXT = readableOn(GRAY[6], [WHITE]);

export const theme = createTheme({
  primaryColor: PRIMARY,
  primaryShade: FILLED_SHADE,
  colors: READABLE_COLORS,
  defaultRadius: "md",
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  headings: { fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" },
  components: {
    // A menu's first item takes the focus when it opens (the ARIA menu button pattern), instead of a
    // focusable role="presentation" placeholder, which a role="menu" may not hold (axe: aria-required-children).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/** The light scheme's text colours Mantine takes from lighter shades: dimmed, placeholders, errors. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": DIMMED_TEXT,
    "--mantine-color-placeholder": PLACEHOLDER_TEXT,
    "--mantine-color-error": `var(--mantine-color-red-${FILLED_SHADE})`,
  },
  dark: {},
});
