import { guestMailContracts } from "@tessera/shared/contracts/guestMail";
import { unlockGuestEmail } from "../../../services/guests/unlockEmail.ts";
import { presentOneGuest } from "../../presenters/guest.ts";
import { route, type Route } from "../define.ts";
import { eventKey } from "./eventKey.ts";

/** /events/{a}/{e}/users/{id}/unlock-email: a guest's email consent (spec §4). */
export const guestMailRoutes: Route[] = [
  route(guestMailContracts.unlockEmail, async (scope, { params }) =>
    presentOneGuest(await unlockGuestEmail(scope, eventKey(params), params.id)),
  ),
];
