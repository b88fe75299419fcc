import { useMemo } from "react";
import { Route, Routes, useParams } from "react-router";
import { ManageNotFoundScreen } from "../shell/ManageNotFoundScreen.tsx";
import { useCurrentEvent } from "../events/EventContext.ts";
import { useEventsBase } from "../events/EventsBase.ts";
import { BackOfficeDeskScreen } from "./BackOfficeDeskScreen.tsx";
import { CheckinsContext, type CheckinsArea } from "./CheckinsContext.ts";
import { LiveBoardScreen } from "./live/LiveBoardScreen.tsx";
import { SessionEditorScreen } from "./SessionEditorScreen.tsx";
import { SessionsListScreen } from "./SessionsListScreen.tsx";

/** /manage/events/:eventId/checkins/* (a lazy chunk): the sessions, a session's editor, its desk in the back office. */
function CheckinsSection() {
  const { accountId, event } = useCurrentEvent();
  const eventsBase = useEventsBase();
  const base = `${eventsBase}/${event.id}/checkins`;
  const canEdit = Boolean(event.abilities.update);
  const area = useMemo<CheckinsArea>(() => ({ accountId, event, base, canEdit }), [accountId, event, base, canEdit]);
  return (
    <CheckinsContext.Provider value={area}>
      <Routes>
        <Route index element={<SessionsListScreen />} />
        <Route path="live" element={<LiveBoardScreen />} />
        <Route path="new" element={canEdit ? <SessionEditorScreen key="new" /> : <ManageNotFoundScreen />} />
        <Route path=":checkinId" element={<SessionRoute />} />
        <Route path=":checkinId/desk" element={<DeskRoute />} />
        <Route path="*" element={<ManageNotFoundScreen />} />
      </Routes>
    </CheckinsContext.Provider>
  );
}

function SessionRoute() {
  const { checkinId = "" } = useParams();
  return <SessionEditorScreen key={checkinId} checkinId={checkinId} />;
}

function DeskRoute() {
  const { checkinId = "" } = useParams();
  return <BackOfficeDeskScreen key={checkinId} checkinId={checkinId} />;
}

export default CheckinsSection;
