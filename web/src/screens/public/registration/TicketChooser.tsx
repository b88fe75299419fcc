import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { COUPON_CODE_MAX_LENGTH } from "@tessera/shared/rules/couponCode";
import { errorMessage } from "@/app/errorMessage.ts";
import { formatMoney } from "@/app/formatMoney.ts";
import { quoteQuery, useQuote, type OfficeTicketJson, type TicketOfficeJson } from "@/queries/ticketOffice.ts";
import { useGuestSite } from "../guestSiteContext.ts";
import { OrderTotals, vatRateText } from "../orders/OrderTotals.tsx";
import { FORM_PATH_ATTRIBUTE } from "./focusFirstError.ts";
import {
  cartRequest,
  couponRefusal,
  maxQuantity,
  normalizedCoupon,
  quoteRefusalText,
  ticketGroups,
  withQuantity,
  type CartChoice,
} from "./cartValues.ts";

/** The form path the ticket step's problems are shown at (the first quantity takes the focus). */
export const TICKETS_PATH = "tickets";

/** A ticket's quantity: one less, the number (typed or read), one more; 44 px targets for a thumb. */
function QuantityStepper({
  ticket,
  quantity,
  onChange,
  isFirst,
  error,
}: {
  ticket: OfficeTicketJson;
  quantity: number;
  onChange: (quantity: number) => void;
  isFirst: boolean;
  error: boolean;
}) {
  const { t } = useTranslation("web");
  const max = maxQuantity(ticket);
  const soldOut = max === 0;
  return (
    <Group gap={6} wrap="nowrap">
      <ActionIcon
        variant="default"
        size={44}
        aria-label={t("public.tickets.less", { caption: ticket.caption })}
        disabled={soldOut || quantity <= 0}
        onClick={() => onChange(quantity - 1)}
      >
        <span aria-hidden="true" style={{ fontSize: 22, lineHeight: 1 }}>
          −
        </span>
      </ActionIcon>
      <NumberInput
        aria-label={t("public.tickets.quantity", { caption: ticket.caption })}
        value={quantity}
        min={0}
        max={max}
        clampBehavior="strict"
        allowDecimal={false}
        allowNegative={false}
        hideControls
        disabled={soldOut}
        w={56}
        size="md"
        styles={{ input: { textAlign: "center", paddingInline: 4 } }}
        error={error}
        onChange={(value) => onChange(typeof value === "number" ? value : Number(value) || 0)}
        {...(isFirst ? { [FORM_PATH_ATTRIBUTE]: TICKETS_PATH } : {})}
      />
      <ActionIcon
        variant="default"
        size={44}
        aria-label={t("public.tickets.more", { caption: ticket.caption })}
        disabled={soldOut || quantity >= max}
        onClick={() => onChange(quantity + 1)}
      >
        <span aria-hidden="true" style={{ fontSize: 22, lineHeight: 1 }}>
          +
        </span>
      </ActionIcon>
    </Group>
  );
}

function TicketRow({
  ticket,
  office,
  choice,
  onChange,
  isFirst,
  error,
}: {
  ticket: OfficeTicketJson;
  office: TicketOfficeJson;
  choice: CartChoice;
  onChange: (choice: CartChoice) => void;
  isFirst: boolean;
  error: boolean;
}) {
  const { t } = useTranslation("web");
  const { language } = useGuestSite();
  const soldOut = maxQuantity(ticket) === 0;
  const left = ticket.remaining;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="office-ticket" bg={soldOut ? "gray.0" : undefined}>
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2} style={{ flex: "1 1 12rem", minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={600}>{ticket.caption}</Text>
            {ticket.isOption && (
              <Badge variant="light" color="grape" size="sm">
                {t("public.tickets.option")}
              </Badge>
            )}
            {soldOut && (
              <Badge variant="filled" color="gray" size="sm">
                {t("public.tickets.soldOut")}
              </Badge>
            )}
          </Group>
          {ticket.description && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: "pre-line" }}>
              {ticket.description}
            </Text>
          )}
          <Text size="sm">
            <Text span fw={600}>
              {formatMoney(ticket.priceInclTaxCents, office.currency, language)}
            </Text>{" "}
            {ticket.taxRateBp === null
              ? t("public.tickets.noVat")
              : t("public.tickets.inclVat", { rate: vatRateText(ticket.taxRateBp, language) })}
          </Text>
          {ticket.isOption && (
            <Text size="xs" c="dimmed">
              {t("public.tickets.optionNote")}
            </Text>
          )}
          {!soldOut && left !== null && left <= 10 && (
            <Text size="xs" c="orange.9">
              {t("public.tickets.left", { count: left })}
            </Text>
          )}
        </Stack>
        <QuantityStepper
          ticket={ticket}
          quantity={choice.quantities[ticket.id] ?? 0}
          onChange={(quantity) => onChange(withQuantity(choice, ticket, quantity))}
          isFirst={isFirst}
          error={error}
        />
      </Group>
    </Paper>
  );
}

/**
 * The coupon field: "Apply" prices the cart with it (nothing held); taken, it shows in the totals and can be
 * removed; refused, the API's reason (in the page's language) is said at the field, which takes the focus.
 */
function CouponField({
  office,
  choice,
  onChange,
}: {
  office: TicketOfficeJson;
  choice: CartChoice;
  onChange: (choice: CartChoice) => void;
}) {
  const { t } = useTranslation(["web", "errors"]);
  const { eventSlug } = useGuestSite();
  const queryClient = useQueryClient();
  const [code, setCode] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isApplying, setApplying] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function apply() {
    const typed = normalizedCoupon(code);
    if (!typed) {
      setRefusal(t("public.tickets.couponEmpty"));
      input.current?.focus();
      return;
    }
    if (choice.coupons.includes(typed)) {
      setCode("");
      return;
    }
    const coupons = [...choice.coupons, typed];
    setApplying(true);
    try {
      await queryClient.fetchQuery(quoteQuery(eventSlug, cartRequest(office, { ...choice, coupons })));
      setRefusal(null);
      setCode("");
      onChange({ ...choice, coupons });
    } catch (error) {
      const refused = couponRefusal(error);
      setRefusal(refused?.message ?? quoteRefusalText(error) ?? errorMessage(error, t));
      input.current?.focus();
    } finally {
      setApplying(false);
    }
  }

  return (
    <Stack gap="xs">
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          ref={input}
          label={t("public.tickets.coupon")}
          value={code}
          maxLength={COUPON_CODE_MAX_LENGTH}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={refusal}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            if (refusal) setRefusal(null);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              void apply();
            }
          }}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Button variant="light" mt={25} h={36} loading={isApplying} onClick={() => void apply()}>
          {t("public.tickets.applyCoupon")}
        </Button>
      </Group>
      {choice.coupons.length > 0 && (
        <Group gap="xs">
          {choice.coupons.map((applied) => (
            <Badge
              key={applied}
              variant="light"
              size="lg"
              tt="none"
              rightSection={
                <ActionIcon
                  size="sm"
                  variant="transparent"
                  aria-label={t("public.tickets.removeCoupon", { code: applied })}
                  onClick={() => onChange({ ...choice, coupons: choice.coupons.filter((one) => one !== applied) })}
                >
                  <span aria-hidden="true">×</span>
                </ActionIcon>
              }
            >
              {applied}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/** The live quote of the choice: the totals with VAT, or why the cart is refused (said politely when it changes). */
function CartQuote({ office, choice }: { office: TicketOfficeJson; choice: CartChoice }) {
  const { t } = useTranslation(["web", "errors"]);
  const { eventSlug } = useGuestSite();
  const request = cartRequest(office, choice);
  const quote = useQuote(eventSlug, request);
  if (request.items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("public.tickets.noneChosen")}
      </Text>
    );
  }
  return (
    <Stack gap="xs" aria-live="polite" aria-busy={quote.isFetching}>
      {quote.isError ? (
        <Alert color="red" variant="light">
          {quoteRefusalText(quote.error) ?? errorMessage(quote.error, t)}
        </Alert>
      ) : quote.data ? (
        <OrderTotals cart={quote.data} />
      ) : (
        <Text size="sm" c="dimmed">
          {t("public.tickets.pricing")}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The registration form's tickets (the ticket office open): by category, each with its price including VAT,
 * "sold out" when no place is left, a quantity stepper; options bought with a ticket only; a coupon field, and
 * the totals with VAT as the API prices them.
 */
export function TicketChooser({
  office,
  choice,
  onChange,
  error,
}: {
  office: TicketOfficeJson;
  choice: CartChoice;
  onChange: (choice: CartChoice) => void;
  error?: string;
}) {
  const { t } = useTranslation("web");
  const headingId = useId();
  const groups = ticketGroups(office);
  const firstTicket = groups[0]?.tickets[0]?.id;
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId} data-testid="ticket-chooser">
      <Stack gap={4}>
        <Title order={2} size="h3" id={headingId}>
          {t("public.tickets.title")}
        </Title>
        {office.seller && (
          <Text size="sm" c="dimmed">
            {t("public.tickets.soldBy", { seller: office.seller })}
          </Text>
        )}
      </Stack>
      {groups.map((group) => (
        <Stack key={group.id ?? "none"} gap="xs" component={group.name ? "fieldset" : "div"} style={fieldsetReset}>
          {group.name && (
            <Text component="legend" fw={700} size="sm" tt="uppercase" c="indigo.9" p={0} mb={4}>
              {group.name}
            </Text>
          )}
          {group.tickets.map((ticket) => (
            <TicketRow
              key={ticket.id}
              ticket={ticket}
              office={office}
              choice={choice}
              onChange={onChange}
              isFirst={ticket.id === firstTicket}
              error={Boolean(error)}
            />
          ))}
        </Stack>
      ))}
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
      <CouponField office={office} choice={choice} onChange={onChange} />
      <CartQuote office={office} choice={choice} />
      <Text size="xs" c="dimmed">
        {t("public.tickets.holdNote", { minutes: office.holdMinutes })}
      </Text>
    </Stack>
  );
}

const fieldsetReset = { border: 0, padding: 0, margin: 0, minWidth: 0 };
