import { registrationContracts as registration } from "@tessera/shared/contracts/registration";
import { sendForm, viewPublicForm } from "../../../services/forms/registration.ts";
import { route, type Route } from "../define.ts";

/** /public/events/{event}/forms/{id}: an online form as guests see it. */
export const publicFormRoutes: Route[] = [
  route(registration.viewForm, (scope, { params }) => viewPublicForm(scope, params.event, params.id)),
];

/** /{lang}/{event}/forms/sendForm/{id} (spec §7, outside /api/v1): a guest registers. */
export const legacyRegistrationRoutes: Route[] = [
  route(registration.sendForm, (scope, { params, body }) => sendForm(scope, params.event, params.id, body)),
];
