import { useMemo } from "react";
import { Route, Routes, useParams, useSearchParams } from "react-router";
import { FORM_TYPES, type FormType } from "@tessera/shared/rules/forms";
import { ManageNotFoundScreen } from "../shell/ManageNotFoundScreen.tsx";
import { useCurrentEvent } from "../events/EventContext.ts";
import { useEventsBase } from "../events/EventsBase.ts";
import { FormBuilderScreen } from "./builder/FormBuilderScreen.tsx";
import { FormsContext, type FormsArea } from "./FormsContext.ts";
import { FormsListScreen } from "./list/FormsListScreen.tsx";
import { FormStatisticsScreen } from "./statistics/FormStatisticsScreen.tsx";

/** /manage/events/:eventId/forms/* (a lazy chunk, with dnd-kit and the charts): the list, the builder, the statistics. */
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
        <Route path="new" element={canCreate ? <NewFormRoute /> : <ManageNotFoundScreen />} />
        <Route path=":formId" element={<FormRoute />} />
        <Route path=":formId/statistics" element={<StatisticsRoute />} />
        <Route path="*" element={<ManageNotFoundScreen />} />
      </Routes>
    </FormsContext.Provider>
  );
}

/** forms/new?type=…&title=…: the builder on a form not saved yet (its first save creates it). */
function NewFormRoute() {
  const [params] = useSearchParams();
  const type = params.get("type");
  if (!FORM_TYPES.includes(type as FormType)) return <ManageNotFoundScreen />;
  return <FormBuilderScreen key="new" newForm={{ type: type as FormType, title: params.get("title") ?? "" }} />;
}

function FormRoute() {
  const { formId = "" } = useParams();
  // Another form is another builder (its own unsaved state).
  return <FormBuilderScreen key={formId} formId={formId} />;
}

function StatisticsRoute() {
  const { formId = "" } = useParams();
  return <FormStatisticsScreen key={formId} formId={formId} />;
}

export default FormsSection;
