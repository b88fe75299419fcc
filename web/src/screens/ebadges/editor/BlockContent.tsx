import { DEFAULT_EBADGE_FONT } from "@tessera/shared/rules/ebadges";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import type { EbadgeBlockJson } from "@/queries/ebadges.ts";
import { guestFieldLabel, type QuestionRef } from "../ebadgeWords.ts";
import { ptToPx } from "./geometry.ts";

const FAMILIES = {
  sans: "'DejaVu Sans', Verdana, sans-serif",
  serif: "'DejaVu Serif', Georgia, serif",
  mono: "monospace",
};

/** A QR code's look (three finder squares): the badge draws the guest's own code in its place. */
function QrLook() {
  const finder = (x: number, y: number) => (
    <g key={`${x}-${y}`}>
      <rect x={x} y={y} width={7} height={7} fill="#000" />
      <rect x={x + 1} y={y + 1} width={5} height={5} fill="#fff" />
      <rect x={x + 2} y={y + 2} width={3} height={3} fill="#000" />
    </g>
  );
  const modules = [
    [9, 1],
    [11, 3],
    [9, 5],
    [13, 9],
    [9, 11],
    [11, 13],
    [15, 11],
    [17, 15],
    [19, 9],
    [13, 17],
    [19, 19],
    [1, 11],
    [5, 13],
  ];
  return (
    <svg viewBox="-1 -1 23 23" style={{ display: "block", width: "100%", height: "100%" }} aria-hidden>
      <rect x={-1} y={-1} width={23} height={23} fill="#fff" />
      {finder(0, 0)}
      {finder(14, 0)}
      {finder(0, 14)}
      {modules.map(([x, y]) => (
        <rect key={`${x}-${y}`} x={x} y={y} width={2} height={2} fill="#000" />
      ))}
    </svg>
  );
}

/**
 * What a block shows on the canvas, at the page's scale: its words in its font (a guest field as the field's
 * name in brackets, the event's name as it is), a QR code's look, the event's logo or a frame saying "Logo".
 */
export function BlockContent({
  block,
  pxPerMm,
  eventName,
  logoUrl,
  questions,
}: {
  block: EbadgeBlockJson;
  pxPerMm: number;
  eventName: string;
  logoUrl: string | null;
  questions: readonly QuestionRef[];
}) {
  const { t } = useTranslation("web");
  // A square centred in the block (the SVG keeps its proportions), as the PDF draws the code.
  if (block.type === "qrCode") return <QrLook />;
  if (block.type === "logo") {
    return logoUrl ? (
      <img src={logoUrl} alt="" style={{ width: "100%", height: "100%", objectFit: "contain" }} />
    ) : (
      <span style={{ display: "grid", placeItems: "center", width: "100%", height: "100%", fontSize: 12 }}>
        {t("ebadges.blockTypes.logo")}
      </span>
    );
  }
  const font = { ...DEFAULT_EBADGE_FONT, ...block.font };
  const words =
    block.type === "text"
      ? block.text || ""
      : block.type === "eventName"
        ? eventName
        : block.type === "guestField"
          ? `[${guestFieldLabel(t, block.field, questions)}]`
          : `[${t(`ebadges.blockTypes.${block.type}`)}]`;
  const style: CSSProperties = {
    display: "block",
    width: "100%",
    height: "100%",
    overflow: "hidden",
    whiteSpace: "pre-wrap",
    overflowWrap: "anywhere",
    lineHeight: 1.15,
    textAlign: block.align ?? "left",
    fontFamily: FAMILIES[font.family],
    fontWeight: font.weight === "bold" ? 700 : 400,
    fontSize: ptToPx(font.size, pxPerMm),
    color: font.color,
  };
  return <span style={style}>{words}</span>;
}
