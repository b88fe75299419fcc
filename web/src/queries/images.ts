import { mutationOptions, useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ContractOutput } from "@tessera/shared/client";
import type { imageContracts } from "@tessera/shared/contracts/images";
import type { ImageKind } from "@tessera/shared/schemas/images";
import { api } from "./api.ts";

export type ImageJson = ContractOutput<(typeof imageContracts)["create"]>;

/** The cache keys of an account's images. */
export const imageKeys = {
  all: (accountId: string) => ["images", accountId] as const,
};

/** Where a new image comes from: a file of the user's, or an address the API downloads it from. */
export type ImageSource = { kind: ImageKind; file: File } | { kind: ImageKind; url: string };

/** Adds an image to the account (uploaded, or downloaded by the API); the caller then points at it. */
export function addImageMutation(queryClient: QueryClient, accountId: string) {
  return mutationOptions({
    mutationFn: (source: ImageSource) => {
      const params = { a: accountId };
      return "file" in source
        ? api.images.create({ params, form: { kind: source.kind, file: source.file } })
        : api.images.create({ params, body: { kind: source.kind, url: source.url } });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: imageKeys.all(accountId) }),
  });
}

export function useAddImage(accountId: string) {
  return useMutation(addImageMutation(useQueryClient(), accountId));
}
