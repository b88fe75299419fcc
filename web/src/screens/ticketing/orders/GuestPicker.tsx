import { CloseButton, Group, Input, Text } from "@mantine/core";
import { useCallback, useRef } from "react";
import { useTranslation } from "react-i18next";
import { RemotePicker } from "@/components/RemotePicker.tsx";
import { searchGuests } from "@/queries/guests.ts";

export interface PickedGuest {
  id: string;
  label: string;
}

/** A guest of the event, searched by name, email or company (the guest list's search); the one picked is shown. */
export function GuestPicker({
  accountId,
  eventId,
  label,
  removeLabel,
  value,
  onChange,
  error,
  testId,
}: {
  accountId: string;
  eventId: string;
  label: string;
  /** The accessible name of the button that takes the guest picked away. */
  removeLabel: string;
  value: PickedGuest | null;
  onChange(guest: PickedGuest | null): void;
  error?: string | null;
  testId?: string;
}) {
  const { t } = useTranslation("web");
  // The labels of the guests last offered (the picker reports only an id).
  const offered = useRef(new Map<string, string>());
  const load = useCallback(
    async (search: string) => {
      const guests = await searchGuests(accountId, eventId, search);
      const options = guests.map((guest) => ({
        value: guest.id,
        label: [guest.fullName, guest.email].filter(Boolean).join(" · ") || guest.id,
      }));
      for (const option of options) offered.current.set(option.value, option.label);
      return options;
    },
    [accountId, eventId],
  );

  if (value) {
    return (
      <Input.Wrapper label={label} error={error} data-testid={testId}>
        <Group gap="xs" mt={4}>
          <Text size="sm" data-testid={testId && `${testId}-picked`}>
            {value.label}
          </Text>
          <CloseButton size="sm" aria-label={removeLabel} onClick={() => onChange(null)} />
        </Group>
      </Input.Wrapper>
    );
  }
  return (
    <div data-testid={testId}>
      <RemotePicker
        label={label}
        placeholder={t("ticketing.orders.create.searchGuest")}
        load={load}
        onPick={(id) => onChange({ id, label: offered.current.get(id) ?? id })}
      />
      {error && (
        <Text size="xs" c="red.8" mt={4} role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}
