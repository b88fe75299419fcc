import { NumberInput, SimpleGrid, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { numberOrNull } from "@/app/numberOrNull.ts";
import { FormPanel } from "@/components/FormPanel.tsx";
import { useUpdateEvent } from "@/queries/events.ts";
import { CountrySelect } from "../CountrySelect.tsx";
import { useCurrentEvent } from "../EventContext.ts";

export function VenueTab() {
  const { t } = useTranslation("web");
  const { accountId, event } = useCurrentEvent();
  const update = useUpdateEvent(accountId, event.id);
  const form = useForm({
    initialValues: {
      venueName: event.venueName ?? "",
      address: event.address ?? "",
      country: event.country,
      latitude: event.latitude ?? ("" as number | ""),
      longitude: event.longitude ?? ("" as number | ""),
    },
  });
  return (
    <FormPanel
      form={form}
      maw={760}
      canEdit={event.abilities.update === true}
      onSave={(values) =>
        update.mutateAsync({
          venueName: values.venueName.trim() || null,
          address: values.address.trim() || null,
          country: values.country,
          latitude: numberOrNull(values.latitude),
          longitude: numberOrNull(values.longitude),
        })
      }
    >
      <TextInput label={t("events.venueName")} {...form.getInputProps("venueName")} />
      <Textarea label={t("events.address")} autosize minRows={2} {...form.getInputProps("address")} />
      <CountrySelect
        value={form.values.country}
        onChange={(country) => form.setFieldValue("country", country)}
        error={form.errors.country as string | undefined}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={t("events.latitude")}
          min={-90}
          max={90}
          decimalScale={6}
          {...form.getInputProps("latitude")}
        />
        <NumberInput
          label={t("events.longitude")}
          min={-180}
          max={180}
          decimalScale={6}
          {...form.getInputProps("longitude")}
        />
      </SimpleGrid>
    </FormPanel>
  );
}
