import { Route, Routes, useParams } from "react-router";
import type { AccountJson } from "@/queries/accounts.ts";
import { useSignedIn } from "@/queries/session.ts";
import { ManageNotFoundScreen } from "../shell/ManageNotFoundScreen.tsx";
import { EventArea } from "./EventArea.tsx";
import { EventsBaseContext } from "./EventsBase.ts";
import { EventsListScreen } from "./list/EventsListScreen.tsx";

interface EventsRoutesProps {
  /** Another account than the user's own (platform administrators); its events live below `basePath`. */
  account?: AccountJson;
  basePath?: string;
}

/** /manage/events/* (a lazy chunk): the list, and each event's area. */
export default function EventsRoutes({ account: given, basePath = "/manage/events" }: EventsRoutesProps) {
  const session = useSignedIn();
  const account = given ?? session.account;
  if (!account) return <ManageNotFoundScreen />;
  return (
    <EventsBaseContext.Provider value={basePath}>
      <Routes>
        <Route index element={<EventsListScreen key={account.id} account={account} />} />
        <Route path=":eventId/*" element={<EventAreaRoute accountId={account.id} />} />
      </Routes>
    </EventsBaseContext.Provider>
  );
}

function EventAreaRoute({ accountId }: { accountId: string }) {
  const { eventId = "" } = useParams();
  // A new event id is a new area (its own state).
  return <EventArea key={eventId} accountId={accountId} eventId={eventId} />;
}
