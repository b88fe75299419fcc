import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { AuditLog } from "../../../api/src/models/AuditLog.ts";
import { Event } from "../../../api/src/models/Event.ts";
import { Team } from "../../../api/src/models/Team.ts";
import { expectNoChange } from "../../helpers/actors.ts";
import { databaseKinds } from "../../helpers/databases.ts";
import { buildUser } from "../../helpers/factories.ts";
import { useCastServer } from "../../helpers/suite.ts";

describe.each(databaseKinds())("teams on %s", (kind) => {
  const suite = useCastServer(kind);
  let base: string;

  beforeAll(async () => {
    base = `/api/v1/accounts/${suite.cast.accountA.id}/teams`;
  });

  const overseer = () => suite.cast.client("overseer");
  const auditOf = (teamId: string) =>
    AuditLog.query(suite.server.db).where({ subjectType: "team", subjectId: teamId }).orderBy("createdAt");

  it("creates a team with members, counts them, and audits it", async () => {
    const { editor, reader } = suite.cast.users;
    const created = await overseer().post(base, {
      name: "  Ushers  ",
      description: "Door",
      memberIds: [editor.user.id, reader.user.id],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ name: "Ushers", description: "Door", memberCount: 2 });
    expect(created.body.members.map((user: { id: string }) => user.id).sort()).toEqual(
      [editor.user.id, reader.user.id].sort(),
    );
    expect(created.body.abilities).toEqual({ update: true, delete: true, manageMembers: true });
    const entries = await auditOf(created.body.id);
    expect(entries.map((entry) => entry.action)).toEqual(["team.created"]);
    expect(entries[0]!.after).toMatchObject({ name: "Ushers", memberIds: [editor.user.id, reader.user.id].sort() });
    expect(entries[0]!.actorUserId).toBe(suite.cast.users.overseer.user.id);

    const read = await suite.cast.client("reader").get(`${base}/${created.body.id}`);
    expect(read.body.memberCount).toBe(2);
    expect(read.body.members).toBeUndefined();
    expect(read.body.abilities).toEqual({ update: false, delete: false, manageMembers: false });
  });

  it("refuses members who are not active users of the account (422 not_account_member), changing nothing", async () => {
    const inactive = await buildUser(suite.server.db, {
      accountId: suite.cast.accountA.id,
      role: "editor",
      isActive: false,
    });
    const strangers = [
      suite.cast.users.outsider.user.id,
      suite.cast.users.administrator.user.id,
      randomUUID(),
      inactive.id,
    ];
    for (const stranger of strangers) {
      const response = await expectNoChange(suite.server.db, () =>
        overseer().post(base, {
          name: `Mixed ${randomUUID()}`,
          memberIds: [suite.cast.users.editor.user.id, stranger],
        }),
      );
      expect(response.status).toBe(422);
      expect(response.body.error.code).toBe("not_account_member");
    }
    const team = await overseer().post(base, { name: `Target ${randomUUID()}` });
    for (const write of [
      () => overseer().post(`${base}/${team.body.id}`, { memberIds: [suite.cast.users.outsider.user.id] }),
      () => overseer().put(`${base}/${team.body.id}/administrators/${suite.cast.users.outsider.user.id}`),
    ]) {
      const response = await expectNoChange(suite.server.db, write);
      expect(response.status).toBe(422);
      expect(response.body.error.code).toBe("not_account_member");
    }
  });

  it("refuses a second team of the same name in the account (any case), not in another account", async () => {
    await overseer().post(base, { name: "Catering" });
    const duplicate = await expectNoChange(suite.server.db, () => overseer().post(base, { name: "cATERING" }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe("team_name_taken");
    const other = await overseer().post(base, { name: "Security" });
    const rename = await expectNoChange(suite.server.db, () =>
      overseer().post(`${base}/${other.body.id}`, { name: "Catering" }),
    );
    expect(rename.status).toBe(409);
    const inB = await suite.cast
      .client("outsiderOverseer")
      .post(`/api/v1/accounts/${suite.cast.accountB.id}/teams`, { name: "Catering" });
    expect(inB.status).toBe(201);
  });

  it("lets the unique index decide between two creations of one name at once", async () => {
    const name = `Race ${randomUUID()}`;
    const results = await Promise.all([overseer().post(base, { name }), overseer().post(base, { name })]);
    expect(results.map((response) => response.status).sort(), JSON.stringify(results.map((r) => r.body))).toEqual([
      201, 409,
    ]);
    expect(await Team.query(suite.server.db).where({ accountId: suite.cast.accountA.id, name }).resultSize()).toBe(1);
  });

  it("replaces the members on update and audits the change", async () => {
    const { editor, reader, organizer } = suite.cast.users;
    const team = await overseer().post(base, { name: `Replace ${randomUUID()}`, memberIds: [editor.user.id] });
    const updated = await overseer().post(`${base}/${team.body.id}`, {
      description: "New",
      memberIds: [reader.user.id, organizer.user.id],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.memberCount).toBe(2);
    expect(updated.body.members.map((user: { id: string }) => user.id).sort()).toEqual(
      [reader.user.id, organizer.user.id].sort(),
    );
    const entries = await auditOf(team.body.id);
    expect(entries.map((entry) => entry.action)).toEqual(["team.created", "team.updated"]);
    expect(entries[1]!.before).toEqual({ description: null, memberIds: [editor.user.id] });
    expect(entries[1]!.after).toEqual({
      description: "New",
      memberIds: [reader.user.id, organizer.user.id].sort(),
    });
    // Nothing to change: no audit entry.
    await overseer().post(`${base}/${team.body.id}`, { memberIds: [organizer.user.id, reader.user.id] });
    expect(await auditOf(team.body.id)).toHaveLength(2);
  });

  it("adds and removes one member idempotently, auditing only real changes", async () => {
    const team = await overseer().post(base, { name: `One by one ${randomUUID()}` });
    const member = `${base}/${team.body.id}/administrators/${suite.cast.users.editor.user.id}`;
    const added = await overseer().put(member);
    expect(added.status).toBe(200);
    expect(added.body.memberCount).toBe(1);
    expect(added.body.members[0].id).toBe(suite.cast.users.editor.user.id);
    expect((await overseer().put(member)).body.memberCount).toBe(1);
    const removed = await overseer().delete(member);
    expect(removed.body).toMatchObject({ memberCount: 0, members: [] });
    expect((await overseer().delete(member)).status).toBe(200);
    expect((await auditOf(team.body.id)).map((entry) => entry.action)).toEqual([
      "team.created",
      "team.member_added",
      "team.member_removed",
    ]);
  });

  it("deletes a team with its memberships and its places on events' access lists", async () => {
    const team = await overseer().post(base, {
      name: `Doomed ${randomUUID()}`,
      memberIds: [suite.cast.users.editor.user.id],
    });
    const event = await Event.query(suite.server.db).insertAndFetch({
      accountId: suite.cast.accountA.id,
      name: "Linked",
      slug: `linked-${randomUUID().slice(0, 8)}`,
      isAllDay: false,
      timezone: "Europe/Paris",
      languages: ["en"],
      socialLinks: {},
      whiteLabel: {},
      modules: {},
      isArchived: false,
    });
    await suite.server
      .db("eventTeams")
      .insert({ eventId: event.id, teamId: team.body.id, createdAt: new Date().toISOString() });
    const deleted = await overseer().delete(`${base}/${team.body.id}`);
    expect(deleted.body).toEqual({ ok: true });
    expect(await suite.server.db("teamMembers").where({ teamId: team.body.id })).toHaveLength(0);
    expect(await suite.server.db("eventTeams").where({ teamId: team.body.id })).toHaveLength(0);
    const entries = await auditOf(team.body.id);
    expect(entries.at(-1)!.action).toBe("team.deleted");
    expect(entries.at(-1)!.before).toMatchObject({ memberIds: [suite.cast.users.editor.user.id] });
    expect((await overseer().get(`${base}/${team.body.id}`)).status).toBe(404);
  });

  it("lists alphabetically with search, pagination, counts and expanded members", async () => {
    const client = suite.cast.client("outsiderOverseer");
    const bBase = `/api/v1/accounts/${suite.cast.accountB.id}/teams`;
    const outsider = suite.cast.users.outsider.user.id;
    for (const name of ["Zeta crew", "alpha crew", "Beta squad"]) {
      await client.post(bBase, { name, memberIds: name === "Beta squad" ? [outsider] : [] });
    }
    const page = await client.get(`${bBase}?search=CREW&perPage=1&page=2`);
    expect(page.body.pagination).toEqual({ page: 2, perPage: 1, total: 2 });
    expect(page.body.data.map((team: { name: string }) => team.name)).toEqual(["Zeta crew"]);
    const all = await client.get(`${bBase}?expand=members&perPage=200`);
    const names = all.body.data.map((team: { name: string }) => team.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const beta = all.body.data.find((team: { name: string }) => team.name === "Beta squad");
    expect(beta).toMatchObject({ memberCount: 1, members: [{ id: outsider }] });
    expect(new Set(all.body.data.map((team: { accountId: string }) => team.accountId))).toEqual(
      new Set([suite.cast.accountB.id]),
    );
  });

  it("validates the body (422) and changes nothing", async () => {
    for (const body of [{}, { name: "" }, { name: "x".repeat(151) }, { name: "ok", extra: 1 }, { name: "   " }]) {
      const response = await expectNoChange(suite.server.db, () => overseer().post(base, body));
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
  });
});
