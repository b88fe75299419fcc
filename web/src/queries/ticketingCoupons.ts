import {
  mutationOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import type { ContractInput, ContractOutput } from "@tessera/shared/client";
import type { couponContracts } from "@tessera/shared/contracts/ticketingCoupons";
import { api } from "./api.ts";
import { auditLogKeys } from "./auditLogs.ts";
import { dropFromList, keepInList } from "./pages.ts";

type CouponContracts = typeof couponContracts;
export type CouponJson = ContractOutput<CouponContracts["get"]>;
export type CouponCreateBody = ContractInput<CouponContracts["create"]>["body"];
export type CouponUpdateBody = ContractInput<CouponContracts["update"]>["body"];

/** The cache key of an event's coupons (by code), beside its ticketing catalogue's. */
export const couponKeys = {
  list: (accountId: string, eventId: string) => ["ticketing", accountId, eventId, "coupons"] as const,
};

export function couponsQuery(accountId: string, eventId: string) {
  return queryOptions({
    queryKey: couponKeys.list(accountId, eventId),
    queryFn: async () => (await api.coupons.list({ params: { a: accountId, e: eventId } })).data,
  });
}

export function useCoupons(accountId: string, eventId: string) {
  return useQuery(couponsQuery(accountId, eventId));
}

function historyIsStale(queryClient: QueryClient, accountId: string): void {
  void queryClient.invalidateQueries({ queryKey: auditLogKeys.all(accountId) });
}

/** Creates a coupon (the list is fetched again for its place by code). */
export function createCouponMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (body: CouponCreateBody) => api.coupons.create({ params: { a: accountId, e: eventId }, body }),
    onSuccess: (coupon) => {
      keepInList(queryClient, couponKeys.list(accountId, eventId), coupon, "last");
      historyIsStale(queryClient, accountId);
    },
  });
}

/** Changes a coupon (`ticketIds` replaces the whole list). */
export function updateCouponMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: ({ id, body }: { id: string; body: CouponUpdateBody }) =>
      api.coupons.update({ params: { a: accountId, e: eventId, id }, body }),
    onSuccess: (coupon) => {
      keepInList(queryClient, couponKeys.list(accountId, eventId), coupon, "last");
      historyIsStale(queryClient, accountId);
    },
  });
}

/** Deletes a coupon with its ticket links. */
export function removeCouponMutation(queryClient: QueryClient, accountId: string, eventId: string) {
  return mutationOptions({
    mutationFn: (id: string) => api.coupons.remove({ params: { a: accountId, e: eventId, id } }),
    onSuccess: (_answer, id) => {
      dropFromList(queryClient, couponKeys.list(accountId, eventId), id);
      historyIsStale(queryClient, accountId);
    },
  });
}

export function useCreateCoupon(accountId: string, eventId: string) {
  return useMutation(createCouponMutation(useQueryClient(), accountId, eventId));
}

export function useUpdateCoupon(accountId: string, eventId: string) {
  return useMutation(updateCouponMutation(useQueryClient(), accountId, eventId));
}

export function useRemoveCoupon(accountId: string, eventId: string) {
  return useMutation(removeCouponMutation(useQueryClient(), accountId, eventId));
}
