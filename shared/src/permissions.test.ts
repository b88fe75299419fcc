import { describe, expect, it } from "vitest";
import { CAPABILITIES, countsTowardOrganizerLimit, roleCan, ROLES } from "./permissions.ts";

describe("capability table", () => {
  it("orders roles from most to least capable", () => {
    for (let i = 1; i < ROLES.length; i++) {
      const stronger = CAPABILITIES[ROLES[i - 1]!];
      for (const action of CAPABILITIES[ROLES[i]!]) expect(stronger).toContain(action);
    }
  });

  it("follows spec §6", () => {
    expect(roleCan("reader", "events.update")).toBe(false);
    expect(roleCan("editor", "events.update")).toBe(true);
    expect(roleCan("editor", "events.create")).toBe(false);
    expect(roleCan("organizer", "events.create")).toBe(true);
    expect(roleCan("organizer", "teams.manage")).toBe(false);
    expect(roleCan("overseer", "teams.manage")).toBe(true);
    expect(roleCan("overseer", "events.adminSettings")).toBe(false);
    expect(roleCan("administrator", "events.adminSettings")).toBe(true);
    expect(roleCan("overseer", "platform.manage")).toBe(false);
    // Credits: the account's organizers and overseers read them; platform administrators add and debit.
    expect(roleCan("editor", "credits.read")).toBe(false);
    expect(roleCan("organizer", "credits.read")).toBe(true);
    // Mail errors (errormails): the account's organizers and overseers, and platform administrators.
    expect(roleCan("editor", "mailErrors.manage")).toBe(false);
    expect(roleCan("organizer", "mailErrors.manage")).toBe(true);
    expect(roleCan("overseer", "mailErrors.manage")).toBe(true);
    // Senders: editors and up read them (a campaign's sender), overseers manage them, platform administrators
    // alone mark one verified without its mail.
    expect(roleCan("reader", "senders.read")).toBe(false);
    expect(roleCan("editor", "senders.read")).toBe(true);
    expect(roleCan("organizer", "senders.manage")).toBe(false);
    expect(roleCan("overseer", "senders.manage")).toBe(true);
    expect(roleCan("overseer", "senders.verify")).toBe(false);
    expect(roleCan("administrator", "senders.verify")).toBe(true);
  });

  it("does not count readers against the organizer limit", () => {
    expect(countsTowardOrganizerLimit("reader")).toBe(false);
    expect(countsTowardOrganizerLimit("editor")).toBe(true);
    expect(countsTowardOrganizerLimit("overseer")).toBe(true);
  });
});
