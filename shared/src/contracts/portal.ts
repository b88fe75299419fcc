import { Ok } from "../schemas/common.ts";
import {
  PortalLinkBody,
  PortalLinkResult,
  PortalMe,
  PortalParams,
  PortalRegistrationSchema,
  PortalSignInBody,
  PortalSurveyList,
  PortalAttendeeList,
  PortalCompanionBody,
  PortalCompanionList,
  PortalCompanionParams,
  PortalCompanionSchema,
  PortalSurveyParams,
  SurveyAnswerBody,
} from "../schemas/portal.ts";
import { PublicFormSchema, SendFormBody, SendFormResult } from "../schemas/registration.ts";
import { contract } from "./contract.ts";

const tags = ["portal"];

/** /public/events/{event}/portal: a guest signs in to the event's portal with an emailed link or code. */
export const portalContracts = {
  requestLink: contract({
    method: "post",
    path: "/public/events/:event/portal/link",
    auth: "public",
    summary: "Email a guest a sign-in link and code",
    description:
      "When the event has a guest with this email, emails them a single-use link (valid 10 minutes) and a " +
      "6-digit code, in the caller's language. The answer is the same for unknown emails, and requests past " +
      "the limits per email and per address are dropped without saying so.",
    tags,
    params: PortalParams,
    body: PortalLinkBody,
    response: PortalLinkResult,
    status: 202,
  }),
  signIn: contract({
    method: "post",
    path: "/public/events/:event/portal/session",
    auth: "public",
    summary: "Sign a guest in with the emailed link's token, or the email and code",
    description:
      "Spends the link (only this POST does: opening the link shows a page that asks to confirm, so a mail " +
      "scanner that opens it spends nothing). Sets the guest's session cookie. A wrong, used or expired " +
      "link or code: 400 invalid_link; five wrong codes end the link; too many failures per email: 429.",
    tags,
    params: PortalParams,
    body: PortalSignInBody,
    response: PortalMe,
    errors: [400, 429],
  }),
  me: contract({
    method: "get",
    path: "/public/events/:event/portal/me",
    auth: "public",
    summary: "The signed-in guest",
    description: "401 without a guest session of this event.",
    tags,
    params: PortalParams,
    response: PortalMe,
    errors: [401],
  }),
  registration: contract({
    method: "get",
    path: "/public/events/:event/portal/registration",
    auth: "public",
    summary: "The signed-in guest's registration",
    description:
      "The event's online registration form to answer again, the guest's status and answers (a file question's as " +
      "the stored `{ fileId, name, size }`), and whether they may change them now (canEdit; otherwise " +
      "cannotEditReason): a full event does not stop a guest who has their place. 401 without a guest session.",
    tags,
    params: PortalParams,
    response: PortalRegistrationSchema,
    errors: [401],
  }),
  updateRegistration: contract({
    method: "post",
    path: "/public/events/:event/portal/registration",
    auth: "public",
    summary: "Change the signed-in guest's registration",
    description:
      "Through the event's online registration form, with its rules: the questions shown, required ones, quotas " +
      "(the guest's own places kept), the closing date. Same refusals as sendForm. A file question answered " +
      "already: `{ keep: fileId }` keeps the guest's file (a required question is then answered; another " +
      "guest's file or another question's: 422), null removes it, an upload replaces it.",
    tags,
    params: PortalParams,
    body: SendFormBody.properties.items,
    response: SendFormResult,
    errors: [401, 404, 409, 422],
  }),
  cancelRegistration: contract({
    method: "post",
    path: "/public/events/:event/portal/unregister",
    auth: "public",
    summary: "The signed-in guest cancels their registration",
    description:
      "Their status becomes cancelled, and their companions' with it (they leave the guest's list; registering " +
      "again brings none back); the places freed go to those waiting for them. A rejected guest: 409 " +
      "registration_rejected.",
    tags,
    params: PortalParams,
    response: SendFormResult,
    errors: [401, 409],
  }),
  surveys: contract({
    method: "get",
    path: "/public/events/:event/portal/surveys",
    auth: "public",
    summary: "The event's satisfaction surveys for the signed-in guest",
    description:
      "Each online survey, whether it takes answers now and whether the guest answered it. 401 without a guest session.",
    tags,
    params: PortalParams,
    response: PortalSurveyList,
    errors: [401],
  }),
  survey: contract({
    method: "get",
    path: "/public/events/:event/portal/surveys/:id",
    auth: "public",
    summary: "A satisfaction survey's questions for the signed-in guest",
    description:
      "The online survey as a guest answers it (as a registration form is shown). 401 without a guest session.",
    tags,
    params: PortalSurveyParams,
    response: PublicFormSchema,
    errors: [401, 404],
  }),
  answerSurvey: contract({
    method: "post",
    path: "/public/events/:event/portal/surveys/:id",
    auth: "public",
    summary: "The signed-in guest answers a satisfaction survey",
    description:
      "Once per guest (409 survey_already_answered), while it is open (409 survey_not_open); the questions shown " +
      "and their rules as on a form. A file question takes a file uploaded for this survey (uploadFile's " +
      "`{ uploadId, uploadKey }`), which becomes the guest's; anything else, another form's upload included: 422.",
    tags,
    params: PortalSurveyParams,
    body: SurveyAnswerBody,
    response: Ok,
    status: 201,
    errors: [401, 404, 409, 422],
  }),
  companions: contract({
    method: "get",
    path: "/public/events/:event/portal/companions",
    auth: "public",
    summary: "The signed-in guest's companions",
    description: "Those not cancelled, with the event's maximum per guest. 401 without a guest session.",
    tags,
    params: PortalParams,
    response: PortalCompanionList,
    errors: [401],
  }),
  companionForm: contract({
    method: "get",
    path: "/public/events/:event/portal/companion-form",
    auth: "public",
    summary: "The companion form's questions for the signed-in guest",
    description:
      "The companion form the registration form's companions question names, as a guest answers it for a " +
      "companion; 404 form_not_set when it names none (companions then have a name and an email only).",
    tags,
    params: PortalParams,
    response: PublicFormSchema,
    errors: [401, 404],
  }),
  addCompanion: contract({
    method: "post",
    path: "/public/events/:event/portal/companions",
    auth: "public",
    summary: "Add a companion",
    description:
      "Within the event's maximum (422 companions_too_many), for a guest who attends (confirmed or awaiting " +
      "approval; otherwise 409 companions_not_attending); the companion form's answers checked as on a form, a " +
      "file question taking a file uploaded for the companion form (uploadFile's `{ uploadId, uploadKey }`), " +
      "which becomes the companion's.",
    tags,
    params: PortalParams,
    body: PortalCompanionBody,
    response: PortalCompanionSchema,
    status: 201,
    errors: [401, 409, 422],
  }),
  updateCompanion: contract({
    method: "post",
    path: "/public/events/:event/portal/companions/:id",
    auth: "public",
    summary: "Change a companion",
    description:
      "For a guest who attends (409 companions_not_attending otherwise). A file question answered already: " +
      "`{ keep: fileId }` keeps the companion's file, null removes it, an upload for the companion form replaces it.",
    tags,
    params: PortalCompanionParams,
    body: PortalCompanionBody,
    response: PortalCompanionSchema,
    errors: [401, 404, 409, 422],
  }),
  removeCompanion: contract({
    method: "delete",
    path: "/public/events/:event/portal/companions/:id",
    auth: "public",
    summary: "Remove a companion",
    description:
      "Their registration is cancelled; the organizer keeps the record. For a guest who attends (409 " +
      "companions_not_attending otherwise).",
    tags,
    params: PortalCompanionParams,
    response: Ok,
    errors: [401, 404, 409],
  }),
  attendees: contract({
    method: "get",
    path: "/public/events/:event/portal/attendees",
    auth: "public",
    summary: "The event's attendees list",
    description:
      "For signed-in guests, when the registration form publishes it (404 otherwise): confirmed guests who " +
      "agreed to be listed, by name, with their company.",
    tags,
    params: PortalParams,
    response: PortalAttendeeList,
    errors: [401, 404],
  }),
  signOut: contract({
    method: "post",
    path: "/public/events/:event/portal/logout",
    auth: "public",
    summary: "Sign the guest out",
    tags,
    params: PortalParams,
    response: Ok,
  }),
};
