import { afterEach, describe, expect, it, vi } from "vitest";
import {
  changeTeamMemberMutation,
  createTeamMutation,
  removeTeamMutation,
  teamsPageQuery,
  updateTeamMutation,
  type TeamJson,
  type TeamPage,
} from "./teams.ts";
import { pageOf, refusal, runMutation, serve, testQueryClient } from "./testing.ts";

function team(id: string, memberIds: string[] = []): TeamJson {
  return {
    id,
    name: id,
    description: null,
    memberCount: memberIds.length,
    members: memberIds.map((memberId) => ({ id: memberId, firstName: memberId, lastName: "T" })),
    abilities: {},
  } as unknown as TeamJson;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the teams query layer", () => {
  it("lists the account's teams with their members, and changes a team's members in place", async () => {
    const calls = serve(({ method }) => {
      if (method === "GET") return { status: 200, body: pageOf([team("crew"), team("desk")]) };
      if (method === "PUT") return { status: 200, body: team("crew", ["ada"]) };
      return { status: 200, body: team("crew") };
    });
    const { client } = testQueryClient();
    const list = teamsPageQuery("acc", { search: "", expand: "members", perPage: 25 });
    await client.fetchQuery(list);
    await runMutation(client, changeTeamMemberMutation(client, "acc"), {
      teamId: "crew",
      userId: "ada",
      isMember: true,
    });
    expect(client.getQueryData<TeamPage>(list.queryKey)?.data[0]?.memberCount).toBe(1);
    await runMutation(client, changeTeamMemberMutation(client, "acc"), {
      teamId: "crew",
      userId: "ada",
      isMember: false,
    });
    expect(client.getQueryData<TeamPage>(list.queryKey)?.data[0]?.members).toEqual([]);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      "GET /api/v1/accounts/acc/teams?expand=members&perPage=25",
      "PUT /api/v1/accounts/acc/teams/crew/administrators/ada",
      "DELETE /api/v1/accounts/acc/teams/crew/administrators/ada",
    ]);
  });

  it("creates, renames and deletes; a name taken is the API's refusal to show on the field", async () => {
    let taken = true;
    serve(({ method, body }) => {
      if (method === "GET") return { status: 200, body: pageOf([team("crew"), team("desk")]) };
      if (method === "DELETE") return { status: 200, body: { ok: true } };
      if (taken) return refusal(409, "team_name_taken");
      return { status: 200, body: { ...team("crew"), ...(body as object) } };
    });
    const { client } = testQueryClient();
    const list = teamsPageQuery("acc", {});
    await client.fetchQuery(list);
    await expect(runMutation(client, createTeamMutation(client, "acc"), { name: "desk" })).rejects.toMatchObject({
      code: "team_name_taken",
    });
    taken = false;
    await runMutation(client, updateTeamMutation(client, "acc"), { teamId: "crew", body: { name: "Crew" } });
    expect(client.getQueryData<TeamPage>(list.queryKey)?.data[0]?.name).toBe("Crew");
    await runMutation(client, removeTeamMutation(client, "acc"), "desk");
    const page = client.getQueryData<TeamPage>(list.queryKey);
    expect(page?.data.map((item) => item.id)).toEqual(["crew"]);
    expect(page?.pagination.total).toBe(1);
  });
});
