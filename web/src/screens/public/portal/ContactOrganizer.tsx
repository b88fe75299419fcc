import { Button, Checkbox, Group, Loader, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EMAIL_MAX } from "@tessera/shared/schemas/common";
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, CONTACT_SUBJECT_MAX } from "@tessera/shared/schemas/contact";
import { emailRule, requiredRule } from "@/app/formRules.ts";
import { PageLoader } from "@/components/PageLoader.tsx";
import { useCaptcha, useSendContactMessage } from "@/queries/contact.ts";
import { usePortalMe, type PortalMeJson } from "@/queries/portal.ts";
import { GuestMessage } from "../GuestMessage.tsx";
import { GuestPanel } from "../GuestPanel.tsx";
import { FORM_PATH_ATTRIBUTE, formFieldProps } from "../registration/focusFirstError.ts";
import { useFormProblems } from "../useFormProblems.tsx";

interface ContactValues {
  name: string;
  email: string;
  subject: string;
  message: string;
  acceptsPrivacyPolicy: boolean;
}

/** The fields of the form, in the order the page shows them (the API names them alike). */
const FIELDS = ["name", "email", "subject", "message", "acceptsPrivacyPolicy", "captcha"] as const;

function initialValues(me: PortalMeJson | null | undefined): ContactValues {
  const guest = me?.guest;
  const name = [guest?.firstName, guest?.lastName].filter(Boolean).join(" ");
  return { name, email: guest?.email ?? "", subject: "", message: "", acceptsPrivacyPolicy: false };
}

interface ContactOrganizerProps {
  eventSlug: string;
  /** 2 when the page around it has its own title (the guest area). */
  headingOrder?: 1 | 2;
}

/**
 * "Contact the organizer" (spec §5: the privacy policy accepted and a captcha): the guest's name and email
 * (filled in when they are signed in to the portal), a subject and a message. The proof of work runs by itself in
 * the background while the guest writes; its state is said politely. Problems are shown at their fields,
 * announced, and the focus goes to the first one; once sent, the page says so.
 */
export function ContactOrganizer({ eventSlug, headingOrder = 1 }: ContactOrganizerProps) {
  const me = usePortalMe(eventSlug);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const { t } = useTranslation("web");

  if (me.isPending) return <PageLoader />;
  if (sentTo) {
    return (
      <GuestMessage
        title={t("public.contact.sentTitle")}
        headingOrder={headingOrder}
        takeFocus
        action={
          <Button
            variant="light"
            onClick={() => {
              setSentTo(null);
              setRound((previous) => previous + 1);
            }}
          >
            {t("public.contact.another")}
          </Button>
        }
      >
        {t("public.contact.sentText", { email: sentTo })}
      </GuestMessage>
    );
  }
  return (
    <ContactForm
      key={round}
      eventSlug={eventSlug}
      initial={initialValues(me.data)}
      headingOrder={headingOrder}
      onSent={setSentTo}
    />
  );
}

function ContactForm({
  eventSlug,
  initial,
  headingOrder,
  onSent,
}: {
  eventSlug: string;
  initial: ContactValues;
  headingOrder: 1 | 2;
  onSent: (email: string) => void;
}) {
  const { t } = useTranslation(["web", "errors", "validation"]);
  const send = useSendContactMessage(eventSlug);
  const form = useForm<ContactValues>({
    initialValues: initial,
    validate: {
      name: requiredRule(t),
      email: emailRule(t),
      message: requiredRule(t),
      acceptsPrivacyPolicy: (value) => (value ? null : t("validation:privacy_policy_required")),
    },
  });
  const { formRef, alert, show, showRefusal, clear } = useFormProblems(form, {
    fixErrors: (count) => t("public.contact.fixErrors", { count }),
  });

  function submit(values: ContactValues) {
    clear();
    const email = values.email.trim();
    send
      .mutateAsync({
        name: values.name.trim(),
        email,
        subject: values.subject.trim(),
        message: values.message,
        // The form checked it: the API takes nothing else.
        acceptsPrivacyPolicy: true,
      })
      .then(
        () => onSent(email),
        (error: unknown) =>
          showRefusal(error, (field) => ((FIELDS as readonly string[]).includes(field) ? field : null)),
      );
  }

  /** The form's own checks failed (Mantine's validate set the errors): summed up, the focus on the first. */
  function showInvalid(errors: Record<string, unknown>) {
    show(
      Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, String(error)])),
      t("public.contact.fixErrors", { count: Object.keys(errors).length }),
    );
  }

  return (
    <GuestPanel>
      <form ref={formRef} onSubmit={form.onSubmit(submit, showInvalid)} noValidate>
        <Stack gap="md">
          <Title order={headingOrder} size={headingOrder === 1 ? "h2" : "h3"}>
            {t("public.contact.title")}
          </Title>
          <Text>{t("public.contact.intro")}</Text>
          <Text size="sm" c="dimmed">
            {t("public.contact.requiredNote")}
          </Text>
          {alert}
          <TextInput
            label={t("public.contact.name")}
            required
            autoComplete="name"
            maxLength={CONTACT_NAME_MAX}
            {...formFieldProps(form, "name")}
          />
          <TextInput
            label={t("public.contact.email")}
            type="email"
            required
            autoComplete="email"
            maxLength={EMAIL_MAX}
            {...formFieldProps(form, "email")}
          />
          <TextInput
            label={t("public.contact.subject")}
            maxLength={CONTACT_SUBJECT_MAX}
            {...formFieldProps(form, "subject")}
          />
          <Textarea
            label={t("public.contact.message")}
            required
            autosize
            minRows={5}
            maxRows={14}
            maxLength={CONTACT_MESSAGE_MAX}
            {...formFieldProps(form, "message")}
          />
          <Checkbox
            label={t("public.contact.privacy")}
            required
            {...formFieldProps(form, "acceptsPrivacyPolicy", { type: "checkbox" })}
          />
          <CaptchaStatus eventSlug={eventSlug} error={form.errors.captcha} />
          <Button
            type="submit"
            size="md"
            loading={send.isPending}
            w={{ base: "100%", sm: "auto" }}
            style={{ alignSelf: "flex-start" }}
          >
            {t("public.contact.send")}
          </Button>
        </Stack>
      </form>
    </GuestPanel>
  );
}

const CHECK = (
  <svg
    width="18"
    height="18"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2.4}
    aria-hidden="true"
  >
    <path d="M5 12l5 5L20 7" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/**
 * The proof of work, solved in the background as soon as the form shows (and again for each message): its state
 * in a polite live region, a way to try again when it failed, and the API's refusal of it.
 */
function CaptchaStatus({ eventSlug, error }: { eventSlug: string; error: ReactNode }) {
  const { t } = useTranslation("web");
  const captcha = useCaptcha(eventSlug);
  const errorId = `contact-captcha-error-${eventSlug}`;
  const state = captcha.data ? "verified" : captcha.isError ? "failed" : "verifying";
  return (
    <Stack
      gap={4}
      role="group"
      aria-label={t("public.contact.captchaLabel")}
      aria-describedby={error ? errorId : undefined}
      tabIndex={-1}
      style={{ outline: "none" }}
      {...{ [FORM_PATH_ATTRIBUTE]: "captcha" }}
    >
      <Group gap="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" role="status" data-testid="captcha-status" data-state={state}>
          {state === "verifying" && <Loader size={16} aria-hidden="true" />}
          {state === "verified" && (
            <Text span c="teal.8" lh={0}>
              {CHECK}
            </Text>
          )}
          <Text size="sm" c={state === "failed" ? "red.8" : undefined}>
            {state === "verified"
              ? t("public.contact.captchaVerified")
              : state === "failed"
                ? t("public.contact.captchaFailed")
                : t("public.contact.captchaVerifying")}
          </Text>
        </Group>
        {state === "failed" && (
          <Button variant="subtle" size="compact-sm" onClick={() => void captcha.refetch()}>
            {t("public.contact.captchaRetry")}
          </Button>
        )}
      </Group>
      {error && (
        <Text id={errorId} size="sm" c="red.8">
          {error}
        </Text>
      )}
    </Stack>
  );
}
