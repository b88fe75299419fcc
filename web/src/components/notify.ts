import { notifications } from "@mantine/notifications";

/** Says that an action went through (saved, sent, deleted …); refusals stay next to what was refused. */
export function notifySuccess(message: string): void {
  notifications.show({ color: "green", message, autoClose: 5000, withBorder: true });
}
