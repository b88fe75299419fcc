import { ScrollArea, Tabs } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

export type EventNavSection =
  | "design"
  | "content"
  | "forms"
  | "guests"
  | "campaigns"
  | "ebadges"
  | "statistics"
  | "checkins"
  | "ticketing"
  | "settings"
  | "admin";

/**
 * The event's section tabs. When they are wider than the page (long labels, narrow window) the bar
 * scrolls sideways with a visible scrollbar, and the selected tab is scrolled into view.
 */
export function EventNavTabs({
  sections,
  current,
  onChange,
}: {
  sections: readonly EventNavSection[];
  current: string;
  onChange(section: string): void;
}) {
  const { t } = useTranslation("web");
  const viewport = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const selected = viewport.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    selected?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [current]);
  return (
    <ScrollArea type="auto" scrollbars="x" scrollbarSize={6} offsetScrollbars="x" viewportRef={viewport}>
      <Tabs value={current} onChange={(value) => value && onChange(value)} variant="outline">
        <Tabs.List style={{ flexWrap: "nowrap" }} aria-label={t("eventNav.label")}>
          {sections.map((section) => (
            <Tabs.Tab key={section} value={section} px="xs" style={{ whiteSpace: "nowrap" }}>
              {t(`eventNav.${section}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
    </ScrollArea>
  );
}
