import type { RecommendationJson } from "@tessera/shared";
import type { RecommendationDetails } from "../../services/guests/recommendations.ts";

export function presentRecommendation({ recommendation, recommenderName }: RecommendationDetails): RecommendationJson {
  return {
    id: recommendation.id,
    eventId: recommendation.eventId,
    recommenderGuestId: recommendation.recommenderGuestId,
    recommenderName,
    firstName: recommendation.firstName,
    lastName: recommendation.lastName,
    email: recommendation.email,
    company: recommendation.company,
    status: recommendation.status,
    guestId: recommendation.guestId,
    decidedAt: recommendation.decidedAt?.toISOString() ?? null,
    createdAt: recommendation.createdAt.toISOString(),
  };
}
