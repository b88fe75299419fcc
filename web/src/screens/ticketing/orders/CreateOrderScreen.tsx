import {
  ActionIcon,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { COUPON_CODE_MAX_LENGTH } from "@tessera/shared/rules/couponCode";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { errorMessage } from "@/app/errorMessage.ts";
import { BackLink } from "@/components/BackLink.tsx";
import { FailureAlert } from "@/components/FailureAlert.tsx";
import { IconPlus, IconTrash } from "@/components/icons.tsx";
import { notifySuccess } from "@/components/notify.ts";
import { UnsavedChangesGuard } from "@/components/UnsavedChangesGuard.tsx";
import { useTickets } from "@/queries/ticketing.ts";
import { useCreateOrder, type OfflinePaymentMethod } from "@/queries/ticketingOrders.ts";
import { useCurrentEvent } from "../../events/EventContext.ts";
import { failureText } from "../failureText.ts";
import { GuestPicker, type PickedGuest } from "./GuestPicker.tsx";
import { useOrdersBase } from "./ordersBase.ts";
import {
  COUPONS_MAX,
  emptyOrderValues,
  LINES_MAX,
  newLine,
  OFFLINE_PAYMENT_METHODS,
  orderCreateBody,
  orderProblems,
  type CreateOrderValues,
  type OrderProblem,
} from "./orderForm.ts";

/**
 * /manage/events/:eventId/ticketing/orders/new (spec §2 "create order"): the organizer's order for a guest of the
 * event, paid already (completed, invoiced) or awaiting its payment; then the new order's page.
 */
export function CreateOrderScreen() {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const { accountId, event } = useCurrentEvent();
  const base = useOrdersBase();
  const navigate = useNavigate();
  const tickets = useTickets(accountId, event.id);
  const create = useCreateOrder(accountId, event.id);
  const [failure, setFailure] = useState<string | null>(null);
  // The order created: its page is shown once the form no longer guards unsaved changes.
  const [createdId, setCreatedId] = useState<string | null>(null);
  // The guests picked (the form keeps their ids), by id.
  const [picked, setPicked] = useState<ReadonlyMap<string, PickedGuest>>(new Map());
  const form = useForm<CreateOrderValues>({
    initialValues: emptyOrderValues(),
    validate: (values) =>
      Object.fromEntries(
        Object.entries(orderProblems(values)).map(([field, key]: [string, OrderProblem]) => [field, t(key)]),
      ),
  });

  useEffect(() => {
    if (createdId) navigate(`${base}/${createdId}`);
  }, [createdId, base, navigate]);

  if (tickets.error) return <FailureAlert message={errorMessage(tickets.error, t)} />;
  if (!tickets.data) {
    return (
      <Center p="xl">
        <Loader />
      </Center>
    );
  }
  const ticketOptions = tickets.data.map((ticket) => ({
    value: ticket.id,
    label: ticket.isOnSale ? ticket.caption : `${ticket.caption} (${t("ticketing.tickets.notOnSale")})`,
  }));
  const pick = (guest: PickedGuest | null) => {
    if (guest) setPicked((current) => new Map(current).set(guest.id, guest));
    return guest?.id ?? null;
  };
  const guestOf = (id: string | null) => (id ? (picked.get(id) ?? { id, label: id }) : null);

  async function submit(values: CreateOrderValues) {
    setFailure(null);
    try {
      const order = await create.mutateAsync(orderCreateBody(values));
      notifySuccess(t("ticketing.orders.create.done", { reference: order.reference ?? "" }));
      setCreatedId(order.id);
    } catch (error) {
      setFailure(failureText(error, t));
    }
  }

  const linesError = form.errors.lines;
  return (
    <Stack gap="md">
      <BackLink to={base}>{t("ticketing.orders.detail.back")}</BackLink>
      <Paper withBorder p="md" component="section" aria-labelledby="create-order-title">
        <UnsavedChangesGuard isDirty={form.isDirty() && !createdId} />
        <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
          <Stack gap="md">
            <Title order={2} size="h4" id="create-order-title">
              {t("ticketing.orders.create.title")}
            </Title>
            <FailureAlert message={failure} />
            <GuestPicker
              accountId={accountId}
              eventId={event.id}
              label={t("ticketing.orders.create.buyer")}
              removeLabel={t("ticketing.orders.create.removeBuyer")}
              value={guestOf(form.values.guestId)}
              onChange={(guest) => form.setFieldValue("guestId", pick(guest))}
              error={form.errors.guestId as string | undefined}
              testId="order-buyer-picker"
            />

            <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
              <Text component="legend" size="sm" fw={500}>
                {t("ticketing.orders.create.lines")}
              </Text>
              {form.values.lines.map((line, index) => (
                <Paper key={line.key} withBorder p="sm" data-testid="order-line">
                  <Group align="flex-start" gap="sm" wrap="wrap">
                    <Select
                      label={t("ticketing.orders.create.ticket", { position: index + 1 })}
                      data={ticketOptions}
                      searchable
                      nothingFoundMessage={t("ticketing.coupons.noTicket")}
                      w={260}
                      {...form.getInputProps(`lines.${index}.ticketId`)}
                    />
                    <TextInput
                      label={t("ticketing.orders.create.quantity", { position: index + 1 })}
                      inputMode="numeric"
                      w={120}
                      {...form.getInputProps(`lines.${index}.quantity`)}
                    />
                    <GuestPicker
                      accountId={accountId}
                      eventId={event.id}
                      label={t("ticketing.orders.create.holder", { position: index + 1 })}
                      removeLabel={t("ticketing.orders.create.removeHolder", { position: index + 1 })}
                      value={guestOf(line.holderGuestId)}
                      onChange={(guest) => form.setFieldValue(`lines.${index}.holderGuestId`, pick(guest))}
                    />
                    {form.values.lines.length > 1 && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        mt={26}
                        aria-label={t("ticketing.orders.create.removeLine", { position: index + 1 })}
                        onClick={() => form.removeListItem("lines", index)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Group>
                </Paper>
              ))}
              {linesError && (
                <Text size="sm" c="red.8" role="alert" data-testid="order-lines-error">
                  {linesError}
                </Text>
              )}
              <Group>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPlus size={14} />}
                  disabled={form.values.lines.length >= LINES_MAX}
                  onClick={() => form.insertListItem("lines", newLine())}
                >
                  {t("ticketing.orders.create.addLine")}
                </Button>
              </Group>
            </Stack>

            <TagsInput
              label={t("ticketing.orders.create.coupons")}
              description={t("ticketing.orders.create.couponsHelp")}
              maxTags={COUPONS_MAX}
              maxLength={COUPON_CODE_MAX_LENGTH}
              splitChars={[",", " "]}
              {...form.getInputProps("coupons")}
            />
            <Select
              label={t("ticketing.orders.paymentMethod")}
              data={OFFLINE_PAYMENT_METHODS.map((value) => ({
                value,
                label: t(`guests.orders.paymentMethod.${value}`),
              }))}
              allowDeselect={false}
              w={260}
              value={form.values.paymentMethod}
              onChange={(value) => value && form.setFieldValue("paymentMethod", value as OfflinePaymentMethod)}
            />
            <Switch
              label={t("ticketing.orders.create.paid")}
              description={t("ticketing.orders.create.paidHelp")}
              {...form.getInputProps("paid", { type: "checkbox" })}
            />
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={base}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t("ticketing.orders.create.submit")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
