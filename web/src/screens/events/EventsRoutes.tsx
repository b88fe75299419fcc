import { Route, Routes, useParams } from "react-router";
import type { AccountJson } from "@/queries/accounts.ts";
import { useSignedIn } from "@/queries/session.ts";
import { lazyWithTimeout } from "@/app/lazyWithTimeout.ts";
import { ManageNotFoundScreen } from "../shell/ManageNotFoundScreen.tsx";
import { EventsBaseContext } from "./EventsBase.ts";
import { EventsListScreen } from "./list/EventsListScreen.tsx";

// An event's area (settings, guests, …) is its own chunk: the list, the first screen after sign-in, loads without it.
const EventArea = lazyWithTimeout(async () => ({ default: (await import("./EventArea.tsx")).EventArea }));

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
