import {
  keepPreviousData,
  mutationOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import { useCallback } from "react";
import type { ContractInput, ContractOutput } from "@tessera/shared/client";
import type { teamContracts } from "@tessera/shared/contracts/teams";
import { api } from "./api.ts";
import { dropFromPages, replaceInPages } from "./pages.ts";

type Contracts = typeof teamContracts;
export type TeamJson = ContractOutput<Contracts["get"]>;
export type TeamPage = ContractOutput<Contracts["list"]>;
export type TeamsQuery = NonNullable<ContractInput<Contracts["list"]>["query"]>;
export type TeamCreateBody = ContractInput<Contracts["create"]>["body"];
export type TeamUpdateBody = ContractInput<Contracts["update"]>["body"];

/** The cache keys of an account's teams. */
export const teamKeys = {
  all: (accountId: string) => ["teams", accountId] as const,
  lists: (accountId: string) => ["teams", accountId, "list"] as const,
  list: (accountId: string, query: TeamsQuery) => ["teams", accountId, "list", query] as const,
};

export const TEAMS_PER_PAGE = 25;

/** One page of the account's teams, alphabetically; `expand: "members"` adds each team's members. */
export function teamsPageQuery(accountId: string, query: TeamsQuery) {
  return queryOptions({
    queryKey: teamKeys.list(accountId, query),
    queryFn: () => api.teams.list({ params: { a: accountId }, query }),
  });
}

/** How many teams a picker offers for what was typed. */
export const TEAM_OPTIONS = 20;

/** The account's teams matching a search, for a picker. */
export function useFindTeams(accountId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (search: string) =>
      (await queryClient.fetchQuery(teamsPageQuery(accountId, { search, perPage: TEAM_OPTIONS }))).data,
    [queryClient, accountId],
  );
}

export function useTeamsPage(accountId: string, query: TeamsQuery) {
  return useQuery({ ...teamsPageQuery(accountId, query), placeholderData: keepPreviousData });
}

export function createTeamMutation(queryClient: QueryClient, accountId: string) {
  return mutationOptions({
    mutationFn: (body: TeamCreateBody) => api.teams.create({ params: { a: accountId }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamKeys.lists(accountId) }),
  });
}

export function updateTeamMutation(queryClient: QueryClient, accountId: string) {
  return mutationOptions({
    mutationFn: ({ teamId, body }: { teamId: string; body: TeamUpdateBody }) =>
      api.teams.update({ params: { a: accountId, id: teamId }, body }),
    onSuccess: (team) => replaceInPages(queryClient, teamKeys.lists(accountId), team),
  });
}

export function removeTeamMutation(queryClient: QueryClient, accountId: string) {
  return mutationOptions({
    mutationFn: (teamId: string) => api.teams.remove({ params: { a: accountId, id: teamId } }),
    onSuccess: (_answer, teamId) => dropFromPages(queryClient, teamKeys.lists(accountId), teamId),
  });
}

export interface MembershipChange {
  teamId: string;
  userId: string;
  isMember: boolean;
}

/** Adds a user to a team or takes them off; the team's card shows its members as the API answers. */
export function changeTeamMemberMutation(queryClient: QueryClient, accountId: string) {
  return mutationOptions({
    mutationFn: ({ teamId, userId, isMember }: MembershipChange) => {
      const params = { a: accountId, id: teamId, adminId: userId };
      return isMember ? api.teams.addMember({ params }) : api.teams.removeMember({ params });
    },
    onSuccess: (team) => replaceInPages(queryClient, teamKeys.lists(accountId), team),
  });
}

export function useCreateTeam(accountId: string) {
  return useMutation(createTeamMutation(useQueryClient(), accountId));
}

export function useUpdateTeam(accountId: string) {
  return useMutation(updateTeamMutation(useQueryClient(), accountId));
}

export function useRemoveTeam(accountId: string) {
  return useMutation(removeTeamMutation(useQueryClient(), accountId));
}

export function useChangeTeamMember(accountId: string) {
  return useMutation(changeTeamMemberMutation(useQueryClient(), accountId));
}
