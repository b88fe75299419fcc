import { mutationOptions, useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ContractInput } from "@tessera/shared/client";
import type { profileContracts } from "@tessera/shared/contracts/profile";
import { accountUserKeys } from "./accountUsers.ts";
import { api } from "./api.ts";
import { replaceSessionUser } from "./session.ts";

type Contracts = typeof profileContracts;
export type ProfileUpdateBody = ContractInput<Contracts["update"]>["body"];
export type PasswordChangeBody = ContractInput<Contracts["changePassword"]>["body"];

/** Saves one's names and language: the whole back-office follows (its language too). */
export function updateProfileMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (body: ProfileUpdateBody) => api.profile.update({ body }),
    onSuccess: (user) => {
      replaceSessionUser(queryClient, user);
      void queryClient.invalidateQueries({ queryKey: accountUserKeys.all });
    },
  });
}

export function useUpdateProfile() {
  return useMutation(updateProfileMutation(useQueryClient()));
}

/** Changes one's password (the current one is checked); the other sessions of the user end. */
export function changePasswordMutation() {
  return mutationOptions({ mutationFn: (body: PasswordChangeBody) => api.profile.changePassword({ body }) });
}

export function useChangePassword() {
  return useMutation(changePasswordMutation());
}
