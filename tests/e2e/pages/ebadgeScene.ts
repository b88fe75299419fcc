import { resources } from "@tessera/shared";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { Event } from "../../../api/src/models/Event.ts";
import type { HttpClient } from "../../helpers/http.ts";

const web = resources.en.web;

/** The e-badges part of the accessibility sweep: an event's default badge and a badge for its speakers. */
export interface EbadgeScene {
  eventId: string;
  /** "Staff", the default badge: the guest's name, company, a QR code, the event's name and a text. */
  ebadgeId: string;
}

/** Builds the scene on `event` through the API as `api` (an editor and up). */
export async function buildEbadgeScene(api: HttpClient, accountId: string, event: Event): Promise<EbadgeScene> {
  const base = `/api/v1/events/${accountId}/${event.id}/ebadges`;
  const staff = await api.post(base, {
    name: "Staff",
    format: "a6",
    blocks: [
      { id: "event", type: "eventName", x: 5, y: 8, width: 95, height: 12, align: "center", font: { size: 16 } },
      {
        id: "name",
        type: "guestField",
        field: "fullName",
        x: 5,
        y: 40,
        width: 95,
        height: 16,
        align: "center",
        font: { size: 22, weight: "bold" },
      },
      { id: "company", type: "guestField", field: "company", x: 5, y: 58, width: 95, height: 10, align: "center" },
      { id: "qr", type: "qrCode", x: 35, y: 80, width: 35, height: 35 },
      { id: "footer", type: "text", text: "Welcome", x: 5, y: 125, width: 95, height: 10, rotation: 0 },
    ],
  });
  expect(staff.status, JSON.stringify(staff.body)).toBe(201);
  const speakers = await api.post(base, {
    name: "Speakers",
    format: "a6",
    orientation: "landscape",
    conditions: { all: [{ guest: "jobTitle", op: "contains", value: "Speaker" }] },
  });
  expect(speakers.status, JSON.stringify(speakers.body)).toBe(201);
  return { eventId: event.id, ebadgeId: staff.body.id as string };
}

const PHONE = { width: 360, height: 740 };

interface EbadgeScreen {
  name: string;
  as: "overseer";
  path: (scene: { ebadge: EbadgeScene }) => string;
  reach: (page: Page, scene: { ebadge: EbadgeScene }) => Promise<void>;
  viewport?: { width: number; height: number };
  routes?: string[];
}

const list = ({ ebadge }: { ebadge: EbadgeScene }) => `/manage/events/${ebadge.eventId}/ebadges`;
const editor = (scene: { ebadge: EbadgeScene }) => `${list(scene)}/${scene.ebadge.ebadgeId}`;

const listed = async (page: Page) => {
  await page.getByTestId("ebadge-row").nth(1).waitFor();
};
const dialogFromMenu = (item: string, title: string) => async (page: Page) => {
  await listed(page);
  await page.getByRole("button", { name: web.ebadges.actionsOf.replace("{{name}}", "Staff"), exact: true }).click();
  await page.getByRole("menuitem", { name: item, exact: true }).click();
  await page.getByRole("dialog", { name: title, exact: true }).waitFor();
};
/** The editor with its name block selected (its handles and properties shown). */
const editorWithSelection = async (page: Page) => {
  await page.getByRole("button", { name: /^Guest field: Full name,/ }).click();
  await page.getByTestId("block-properties").getByLabel(web.ebadges.editor.x, { exact: true }).waitFor();
};

/** The e-badges list, its dialogs and the editor, in the sweep's shape. */
export const EBADGE_SCREENS: EbadgeScreen[] = [
  { name: "e-badges list", as: "overseer", path: list, reach: listed, routes: ["ebadges/*"] },
  { name: "e-badges list, phone", as: "overseer", path: list, reach: listed, viewport: PHONE },
  {
    name: "new e-badge (dialog)",
    as: "overseer",
    path: list,
    reach: async (page) => {
      await listed(page);
      await page.getByRole("button", { name: web.ebadges.create, exact: true }).click();
      await page.getByRole("dialog", { name: web.ebadges.create, exact: true }).waitFor();
    },
  },
  {
    name: "e-badge conditions (dialog)",
    as: "overseer",
    path: list,
    reach: dialogFromMenu(web.ebadges.conditions, web.ebadges.conditionsModal.title.replace("{{name}}", "Staff")),
  },
  {
    name: "delete an e-badge (confirmation)",
    as: "overseer",
    path: list,
    reach: dialogFromMenu(resources.en.web.common.delete, web.ebadges.deleteTitle),
  },
  {
    name: "e-badge editor, a block selected",
    as: "overseer",
    path: editor,
    reach: editorWithSelection,
    routes: [":ebadgeId"],
  },
  { name: "e-badge editor, phone", as: "overseer", path: editor, reach: editorWithSelection, viewport: PHONE },
  {
    name: "e-badge editor, the sample guest's preview",
    as: "overseer",
    path: editor,
    reach: async (page) => {
      await page.getByRole("button", { name: web.ebadges.preview.show, exact: true }).click();
      await page.getByTestId("badge-preview-frame").waitFor();
    },
  },
];
