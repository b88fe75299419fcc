/** The desk core's badge printing: describe a printer, build a badge label, queue it. */
export {
  RAW_PRINTING_PORT,
  connectionText,
  deviceConnection,
  isNetworkPrinter,
  tcpConnection,
  type DeviceConnection,
  type RawConnection,
  type EscPosPrinter,
  type NetworkPrinter,
  type PrinterDescription,
  type PrinterKind,
  type SystemPrinter,
  type TcpConnection,
  type ZplPrinter,
} from "./printer.ts";
export {
  DEFAULT_LABEL_SIZE_MM,
  badgeLabelForGuest,
  type BadgeGuest,
  type BadgeLabel,
  type BadgeLine,
} from "./badgeLabel.ts";
export { renderZpl, mmToDots, ZPL_DEFAULT_DPI } from "./zpl.ts";
export { renderEscPos } from "./escpos.ts";
export { renderForPrinter } from "./render.ts";
export { testPageLabel, TEST_PAGE_QR } from "./testPage.ts";
export { type PrinterState, type PrinterStatus } from "./printerStatus.ts";
export {
  createPrintQueue,
  type PrintJob,
  type PrintJobState,
  type PrintLogEntry,
  type PrintPurpose,
  type PrintQueue,
  type PrintQueueOptions,
  type PrintRequest,
} from "./printQueue.ts";
export { badgeFieldsFromSnapshot, badgeForTemplate, badgeWithoutTemplate } from "./badgeForTemplate.ts";
export { badgePdf } from "./badgePdf.ts";
export { listSystemPrinters, printOnSystemPrinter } from "./systemPrinter.ts";
export { hashPin, isValidPin, verifyPin } from "./supervisorPin.ts";
export { preflightChecks, type PreflightCheck, type PreflightCheckId } from "./preflight.ts";
export {
  createPrintHandlers,
  PRINT_CHANNELS,
  PrintRefusedError,
  type DeskPrinting,
  type PrintChannel,
  type PrintHandlers,
  type PrintHandlersOptions,
  type PrintJobView,
  type PrintStatusView,
} from "./printHandlers.ts";
