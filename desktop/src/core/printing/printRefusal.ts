/** Why a print was refused: `code` names it (web's deskPrint.errors.<code>), the message says it in English. */
export class PrintRefusedError extends Error {
  override name = "PrintRefusedError";
  constructor(
    readonly code:
      | "noPrinter"
      | "alreadyPrinted"
      | "reasonRequired"
      | "pinNotSet"
      | "pinWrong"
      | "pinInvalid"
      | "unknownGuest"
      | "notSignedIn",
    message: string,
  ) {
    super(message);
  }
}
