import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { dsnOutcome, messageIdIn, parseDeliveryStatus, parseMailReport, readFieldGroups } from "./parseReport.ts";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.eml`, import.meta.url));

describe("reading what comes back to a return path", () => {
  it("reads a Postfix bounce: user unknown, 5.1.1 failed, a hard bounce, the original Message-ID", async () => {
    const report = await parseMailReport(fixture("postfix-user-unknown"));
    expect(report.kind).toBe("dsn");
    expect(report.recipients).toEqual([
      {
        action: "failed",
        status: "5.1.1",
        recipient: "nobody@example.net",
        diagnostic: "550 5.1.1 <nobody@example.net>: Recipient address rejected: User unknown in virtual mailbox table",
      },
    ]);
    expect(dsnOutcome(report.recipients[0]!)).toBe("hard_bounce");
    expect(report.originalMessageId).toBe("AbCdEfGhIjKlMnOpQrStUvWx@bounces.tessera.test");
  });

  it("reads an Exchange Online non-delivery report (quoted report-type, message/rfc822 returned)", async () => {
    const report = await parseMailReport(fixture("exchange-not-found"));
    expect(report.kind).toBe("dsn");
    expect(report.recipients).toHaveLength(1);
    expect(report.recipients[0]).toMatchObject({
      action: "failed",
      status: "5.1.10",
      recipient: "gone.person@contoso.com",
    });
    expect(report.recipients[0]!.diagnostic).toContain("RESOLVER.ADR.RecipientNotFound");
    expect(dsnOutcome(report.recipients[0]!)).toBe("hard_bounce");
    expect(report.originalMessageId).toBe("ZyXwVuTsRqPoNmLkJiHgFeDc@bounces.tessera.test");
  });

  it("reads a Gmail delay (4.2.2 mailbox full) as a soft bounce", async () => {
    const report = await parseMailReport(fixture("gmail-delayed"));
    expect(report.kind).toBe("dsn");
    expect(report.recipients[0]).toMatchObject({ action: "delayed", status: "4.2.2", recipient: "full.box@gmail.com" });
    expect(report.recipients[0]!.diagnostic).toMatch(/^452 4\.2\.2 The recipient's inbox is out of storage space\./);
    expect(dsnOutcome(report.recipients[0]!)).toBe("soft_bounce");
    expect(report.originalMessageId).toBe("QwErTyUiOpAsDfGhJkLzXcVb@bounces.tessera.test");
  });

  it("reads a delivery report (2.0.0 delivered)", async () => {
    const report = await parseMailReport(fixture("postfix-delivered"));
    expect(report.kind).toBe("dsn");
    expect(report.recipients[0]).toMatchObject({ action: "delivered", status: "2.0.0" });
    expect(dsnOutcome(report.recipients[0]!)).toBe("delivered");
  });

  it("reads an ARF complaint: its feedback type, who complained, the original Message-ID", async () => {
    const report = await parseMailReport(fixture("arf-complaint"));
    expect(report).toMatchObject({
      kind: "complaint",
      recipients: [],
      feedbackType: "abuse",
      complainant: "annoyed.person@hotmail.com",
      originalMessageId: "CoMpLaInTtOkEn123456@bounces.tessera.test",
    });
  });

  it("does not take an out-of-office reply for a report, whatever its text says", async () => {
    const report = await parseMailReport(fixture("out-of-office"));
    expect(report.kind).toBe("none");
    expect(report.recipients).toEqual([]);
  });

  it("does not take a multipart/report of another report type for a DSN", async () => {
    const raw = fixture("postfix-user-unknown")
      .toString("utf8")
      .replace("report-type=delivery-status", "report-type=disposition-notification");
    expect((await parseMailReport(raw)).kind).toBe("none");
  });
});

describe("delivery-status fields", () => {
  it("folds continuation lines and keeps groups apart", () => {
    const groups = readFieldGroups(
      "Reporting-MTA: dns; a\n\nAction: failed\nDiagnostic-Code: smtp; 550\n  no such user\r\n",
    );
    expect(groups).toHaveLength(2);
    expect(groups[1]!.get("diagnostic-code")).toBe("smtp; 550 no such user");
  });

  it("takes the status from the diagnostic when the Status field is missing, else from the action", () => {
    expect(
      parseDeliveryStatus(
        "Final-Recipient: rfc822; a@b.c\nAction: failed\nDiagnostic-Code: smtp; 550 5.7.1 blocked",
      )[0]!.status,
    ).toBe("5.7.1");
    expect(parseDeliveryStatus("Final-Recipient: rfc822; a@b.c\nAction: delayed")[0]!.status).toBe("4.0.0");
    expect(parseDeliveryStatus("Final-Recipient: rfc822; a@b.c\nAction: unknown-thing")).toEqual([]);
  });

  it("tells hard from soft: failed with 4.x.x is temporary, delayed is never hard", () => {
    expect(dsnOutcome({ action: "failed", status: "5.2.1" })).toBe("hard_bounce");
    expect(dsnOutcome({ action: "failed", status: "4.4.7" })).toBe("soft_bounce");
    expect(dsnOutcome({ action: "delayed", status: "4.2.2" })).toBe("soft_bounce");
    expect(dsnOutcome({ action: "relayed", status: "2.0.0" })).toBe("delivered");
    expect(dsnOutcome({ action: "expanded", status: "2.0.0" })).toBeNull();
  });

  it("finds a Message-ID in headers, folded or not", () => {
    expect(messageIdIn("Subject: x\nMessage-ID: <abc@d.e>\n")).toBe("abc@d.e");
    expect(messageIdIn("Message-Id:\n <abc@d.e>\n")).toBe("abc@d.e");
    expect(messageIdIn("Subject: none\n")).toBeNull();
  });
});
