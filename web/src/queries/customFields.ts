import { queryOptions, useMutation, useQuery, mutationOptions } from "@tanstack/react-query";
import type { ContractInput, ContractOutput } from "@tessera/shared/client";
import type { customFieldContracts } from "@tessera/shared/contracts/customFields";
import { api } from "./api.ts";
import { guestKeys } from "./guests.ts";

type Contracts = typeof customFieldContracts;
export type CustomFieldJson = ContractOutput<Contracts["get"]>;
export type CustomFieldCreateBody = ContractInput<Contracts["create"]>["body"];
export type CustomFieldUpdateBody = ContractInput<Contracts["update"]>["body"];

/** The cache key of an event's custom fields (the questions its guests answer), in their order. */
export const customFieldKeys = {
  all: (accountId: string, eventId: string) => ["customFields", accountId, eventId] as const,
};

const NO_FIELDS: readonly CustomFieldJson[] = [];

export function customFieldsQuery(accountId: string, eventId: string) {
  return queryOptions({
    queryKey: customFieldKeys.all(accountId, eventId),
    queryFn: async () => (await api.customFields.list({ params: { a: accountId, e: eventId } })).data,
  });
}

/** The event's custom fields; `fields` is empty until they arrived (or when they could not be read). */
export function useCustomFields(accountId: string, eventId: string) {
  const query = useQuery(customFieldsQuery(accountId, eventId));
  return { ...query, fields: query.data ?? NO_FIELDS };
}

/** The ids of `fields` with one moved a place up (-1) or down (+1); null when it cannot move that way. */
export function movedOrder(fields: readonly { id: string }[], id: string, delta: -1 | 1): string[] | null {
  const index = fields.findIndex((field) => field.id === id);
  const target = index + delta;
  if (index < 0 || target < 0 || target >= fields.length) return null;
  const ids = fields.map((field) => field.id);
  [ids[index], ids[target]] = [ids[target]!, ids[index]!];
  return ids;
}

export function createCustomFieldMutation(accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (body: CustomFieldCreateBody) =>
      api.customFields.create({ params: { a: accountId, e: eventId }, body }),
    onSuccess: (field, _variables, _result, { client: queryClient }) =>
      queryClient.setQueryData(customFieldKeys.all(accountId, eventId), (fields: CustomFieldJson[] | undefined) => [
        ...(fields ?? []),
        field,
      ]),
  });
}

export function useCreateCustomField(accountId: string, eventId: string) {
  return useMutation(createCustomFieldMutation(accountId, eventId));
}

export function updateCustomFieldMutation(accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: ({ fieldId, body }: { fieldId: string; body: CustomFieldUpdateBody }) =>
      api.customFields.update({ params: { a: accountId, e: eventId, id: fieldId }, body }),
    onSuccess: (field, _variables, _result, { client: queryClient }) =>
      queryClient.setQueryData(customFieldKeys.all(accountId, eventId), (fields: CustomFieldJson[] | undefined) =>
        fields?.map((existing) => (existing.id === field.id ? field : existing)),
      ),
  });
}

export function useUpdateCustomField(accountId: string, eventId: string) {
  return useMutation(updateCustomFieldMutation(accountId, eventId));
}

/** Deletes a field; its answers leave every guest of the event, so the guests are fetched again. */
export function deleteCustomFieldMutation(accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (fieldId: string) => api.customFields.remove({ params: { a: accountId, e: eventId, id: fieldId } }),
    onSuccess: (_answer, fieldId, _result, { client: queryClient }) => {
      queryClient.setQueryData(customFieldKeys.all(accountId, eventId), (fields: CustomFieldJson[] | undefined) =>
        fields?.filter((field) => field.id !== fieldId),
      );
      void queryClient.invalidateQueries({ queryKey: guestKeys.all(accountId, eventId) });
    },
  });
}

export function useDeleteCustomField(accountId: string, eventId: string) {
  return useMutation(deleteCustomFieldMutation(accountId, eventId));
}

/** Moves a field one place up (-1) or down (+1) and saves the new order. */
export function moveCustomFieldMutation(accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: async ({ fieldId, delta }: { fieldId: string; delta: -1 | 1 }, { client: queryClient }) => {
      const fields = queryClient.getQueryData<CustomFieldJson[]>(customFieldKeys.all(accountId, eventId)) ?? [];
      const ids = movedOrder(fields, fieldId, delta);
      if (!ids) return fields;
      return (await api.customFields.reorder({ params: { a: accountId, e: eventId }, body: { ids } })).data;
    },
    onSuccess: (fields, _variables, _result, { client: queryClient }) =>
      queryClient.setQueryData(customFieldKeys.all(accountId, eventId), fields),
  });
}

export function useMoveCustomField(accountId: string, eventId: string) {
  return useMutation(moveCustomFieldMutation(accountId, eventId));
}
