import { useMemo } from "react";
import { Route, Routes, useParams } from "react-router";
import { useCurrentEvent } from "../events/EventContext.ts";
import { useEventsBase } from "../events/EventsBase.ts";
import { ManageNotFoundScreen } from "../shell/ManageNotFoundScreen.tsx";
import { EbadgeEditorScreen } from "./editor/EbadgeEditorScreen.tsx";
import { EbadgesContext, type EbadgesArea } from "./EbadgesContext.ts";
import { EbadgesListScreen } from "./list/EbadgesListScreen.tsx";

/** /manage/events/:eventId/ebadges/* (a lazy chunk, with dnd-kit): the templates, a template's editor. */
function EbadgesSection() {
  const { accountId, event } = useCurrentEvent();
  const eventsBase = useEventsBase();
  const base = `${eventsBase}/${event.id}/ebadges`;
  const canEdit = Boolean(event.abilities.update);
  const area = useMemo<EbadgesArea>(() => ({ accountId, event, base, canEdit }), [accountId, event, base, canEdit]);
  return (
    <EbadgesContext.Provider value={area}>
      <Routes>
        <Route index element={<EbadgesListScreen />} />
        <Route path=":ebadgeId" element={<EditorRoute />} />
        <Route path="*" element={<ManageNotFoundScreen />} />
      </Routes>
    </EbadgesContext.Provider>
  );
}

function EditorRoute() {
  const { ebadgeId = "" } = useParams();
  // Another template is another editor (its own unsaved state).
  return <EbadgeEditorScreen key={ebadgeId} ebadgeId={ebadgeId} />;
}

export default EbadgesSection;
