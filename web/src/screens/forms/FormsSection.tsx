import { useMemo } from "react";
import { Route, Routes } from "react-router";
import { ManageNotFoundScreen } from "../shell/ManageNotFoundScreen.tsx";
import { useCurrentEvent } from "../events/EventContext.ts";
import { useEventsBase } from "../events/EventsBase.ts";
import { FormsContext, type FormsArea } from "./FormsContext.ts";
import { FormsListScreen } from "./list/FormsListScreen.tsx";

/** /manage/events/:eventId/forms/* (a lazy chunk): the list of forms. */
function FormsSection() {
  const { accountId, event } = useCurrentEvent();
  const eventsBase = useEventsBase();
  const base = `${eventsBase}/${event.id}/forms`;
  const canCreate = Boolean(event.abilities.update);
  const area = useMemo<FormsArea>(() => ({ accountId, event, base, canCreate }), [accountId, event, base, canCreate]);
  return (
    <FormsContext.Provider value={area}>
      <Routes>
        <Route index element={<FormsListScreen />} />
        <Route path="*" element={<ManageNotFoundScreen />} />
      </Routes>
    </FormsContext.Provider>
  );
}

export default FormsSection;
