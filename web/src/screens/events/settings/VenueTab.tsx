import { NumberInput, SimpleGrid, Textarea, TextInput } from "@mantine/core";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApiError } from "@tessera/shared/client";
import { numberOrNull } from "@/app/numberOrNull.ts";
import { CountrySelect } from "../CountrySelect.tsx";
import { useEventStore } from "../EventContext.ts";
import { FormPanel } from "@/components/FormPanel.tsx";

export const VenueTab = observer(function VenueTab() {
  const { t } = useTranslation("web");
  const store = useEventStore();
  const event = store.event!;
  const [venueName, setVenueName] = useState(event.venueName ?? "");
  const [address, setAddress] = useState(event.address ?? "");
  const [country, setCountry] = useState<string | null>(event.country);
  const [latitude, setLatitude] = useState<number | null>(event.latitude);
  const [longitude, setLongitude] = useState<number | null>(event.longitude);
  const [apiError, setApiError] = useState<ApiError | null>(null);
  return (
    <FormPanel
      maw={760}
      canEdit={event.abilities.update === true}
      onApiError={setApiError}
      onSave={() =>
        store.update({
          venueName: venueName.trim() || null,
          address: address.trim() || null,
          country,
          latitude,
          longitude,
        })
      }
    >
      <TextInput
        label={t("events.venueName")}
        value={venueName}
        onChange={(e) => setVenueName(e.currentTarget.value)}
        error={apiError?.messageFor("venueName")}
      />
      <Textarea
        label={t("events.address")}
        value={address}
        onChange={(e) => setAddress(e.currentTarget.value)}
        autosize
        minRows={2}
        error={apiError?.messageFor("address")}
      />
      <CountrySelect value={country} onChange={setCountry} error={apiError?.messageFor("country")} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={t("events.latitude")}
          min={-90}
          max={90}
          decimalScale={6}
          value={latitude ?? ""}
          onChange={(value) => setLatitude(numberOrNull(value))}
          error={apiError?.messageFor("latitude")}
        />
        <NumberInput
          label={t("events.longitude")}
          min={-180}
          max={180}
          decimalScale={6}
          value={longitude ?? ""}
          onChange={(value) => setLongitude(numberOrNull(value))}
          error={apiError?.messageFor("longitude")}
        />
      </SimpleGrid>
    </FormPanel>
  );
});
