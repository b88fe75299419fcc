import { CHECKIN_GUEST_COLUMNS, isGuestColumn } from "@tessera/shared/rules/checkins";
import type { CheckContext, ConditionField, DescribeContext } from "@tessera/shared/conditions/index";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ruleSubjects, ticketSubjects, type RuleSubject } from "@/components/rules/ruleDraft.ts";
import { useCustomFields } from "@/queries/customFields.ts";
import { useTickets } from "@/queries/ticketing.ts";

export interface SessionVocabulary {
  /** The event's questions as the condition engine reads them. */
  fields: readonly ConditionField[];
  /**
   * The event's ticket types, which a rule may ask the guest to hold: what the condition engine checks a rule
   * against (`ticketTypeIds`) and names them by in words (`tickets`).
   */
  ruleContext: CheckContext & DescribeContext;
  /** What a rule may test: guest attributes, questions, ticket types. */
  subjects: readonly RuleSubject[];
  /** The fields a desk may show: the guest's columns, then the questions. */
  displayable: { group: string; items: { value: string; label: string }[] }[];
  /** A displayed field's label (a column's name, a question's label). */
  fieldLabel(id: string): string;
  /** A choice answer's label, when the field has choices. */
  optionLabel(fieldId: string, value: string): string | undefined;
  isLoading: boolean;
}

/** The words of an event's check-in sessions: its questions, its ticket types, the guest's columns and their labels. */
export function useSessionVocabulary(accountId: string, eventId: string): SessionVocabulary {
  const { t } = useTranslation("web");
  const custom = useCustomFields(accountId, eventId);
  // Without ticketing (no module, no right to read it), a rule simply offers no ticket.
  const ticketList = useTickets(accountId, eventId);
  return useMemo(() => {
    const tickets = (ticketList.data ?? []).map((ticket) => ({ id: ticket.id, name: ticket.caption }));
    const fields: ConditionField[] = custom.fields.map((field) => ({
      id: field.id,
      type: field.type,
      name: field.name,
      label: field.label,
      options: field.options,
    }));
    const byId = new Map(custom.fields.map((field) => [field.id, field]));
    const subjects = [
      ...ruleSubjects(
        fields,
        (attribute) => t(`conditions.attributes.${attribute}`),
        (attribute, value) =>
          attribute === "status"
            ? t(`guests.status.${value}` as "guests.status.confirmed")
            : attribute === "civility"
              ? t(`guests.civility.${value}` as "guests.civility.mr")
              : t(`languages.${value}` as "languages.en"),
      ),
      ...ticketSubjects(tickets),
    ];
    const fieldLabel = (id: string) =>
      isGuestColumn(id) ? t(`guests.fields.${id}`) : byId.get(id)?.label || byId.get(id)?.name || id;
    return {
      fields,
      ruleContext: { ticketTypeIds: tickets.map((ticket) => ticket.id), tickets },
      subjects,
      displayable: [
        {
          group: t("checkins.editor.guestColumns"),
          items: CHECKIN_GUEST_COLUMNS.map((column) => ({ value: column, label: t(`guests.fields.${column}`) })),
        },
        {
          group: t("checkins.editor.questions"),
          items: custom.fields.map((field) => ({ value: field.id, label: field.label || field.name })),
        },
      ].filter((section) => section.items.length > 0),
      fieldLabel,
      optionLabel: (fieldId: string, value: string) =>
        byId.get(fieldId)?.options.find((option) => option.id === value)?.label,
      isLoading: custom.isPending || ticketList.isPending,
    };
  }, [custom.fields, custom.isPending, ticketList.data, ticketList.isPending, t]);
}
