import { formatAccessCode, type CheckinCreate, type CheckinType } from "@tessera/shared";
import { CustomField } from "../models/CustomField.ts";
import { createAccessCode } from "../services/checkins/accessCodes.ts";
import { createCheckin } from "../services/checkins/sessions.ts";
import type { Scope } from "../services/scope.ts";

/** A session's access code as `npm start` prints it: the only time its text is shown (it is hashed at rest). */
export interface DemoAccessCode {
  session: string;
  type: CheckinType;
  /** "ABCDE-FGHJK". */
  code: string;
}

/**
 * The demo event's check-in, through the sessions and access codes services (as the demo organizer): an online
 * session "Main entrance" for every confirmed guest, who may go out and come back; an offline session "Workshop
 * room" for the confirmed guests who chose a workshop, who come in again for each workshop (every entry counted).
 * Each gets an access code, returned in clear this once.
 */
export async function seedDemoCheckin(
  scope: Scope,
  key: { accountId: string; eventId: string },
): Promise<DemoAccessCode[]> {
  const workshops = (await CustomField.query(scope.db).findOne({ eventId: key.eventId, name: "Workshops" }))!;
  const sessions: CheckinCreate[] = [
    {
      name: "Main entrance",
      type: "online",
      displayedFields: ["firstName", "lastName", "company", "jobTitle"],
      options: { exitScans: true, reentryAfterExit: true },
    },
    {
      name: "Workshop room",
      type: "offline",
      conditions: { field: workshops.id, op: "isNotEmpty" },
      displayedFields: ["firstName", "lastName", "company", workshops.id],
      options: { multipleEntries: true },
    },
  ];
  const codes: DemoAccessCode[] = [];
  for (const body of sessions) {
    const { checkin } = await createCheckin(scope, key, body);
    const { text } = await createAccessCode(scope, key, checkin.id);
    codes.push({ session: checkin.name, type: checkin.type, code: formatAccessCode(text!) });
  }
  return codes;
}
