import thermal from "node-thermal-printer";

/**
 * The few node-thermal-printer calls the badge needs, typed and with no printer attached: the library
 * only appends to a buffer here, and getBuffer() gives the bytes the queue sends itself.
 */
export interface ThermalBuffer {
  init(): void;
  alignCenter(): void;
  bold(isOn: boolean): void;
  /** Character magnification, 1 (normal) to 8 on Epson; Star has normal and 2 × 2 only. */
  magnify(times: number): void;
  println(text: string): void;
  newLine(): void;
  qr(data: string): void;
  cut(): void;
  bytes(): Buffer;
}

const ESC_INIT = Buffer.from([0x1b, 0x40]);

const QR_CELL_DOTS = 6;

/**
 * Star's QR (ESC GS y …) written here: the library's Star printQR leaves out the data command's head
 * (ESC GS y D 1 0) before the length, so a Star would print the code's bytes as text.
 */
function starQr(data: string): Buffer {
  const length = Buffer.byteLength(data);
  return Buffer.concat([
    Buffer.from([0x1b, 0x1d, 0x79, 0x53, 0x30, 0x02]), // model 2
    Buffer.from([0x1b, 0x1d, 0x79, 0x53, 0x31, 0x01]), // error correction M
    Buffer.from([0x1b, 0x1d, 0x79, 0x53, 0x32, QR_CELL_DOTS]), // cell size
    Buffer.from([0x1b, 0x1d, 0x79, 0x44, 0x31, 0x00, length % 256, Math.floor(length / 256)]), // data, auto mode
    Buffer.from(data, "ascii"),
    Buffer.from([0x1b, 0x1d, 0x79, 0x50]), // print
  ]);
}

export function createThermalBuffer(model: "epson" | "star"): ThermalBuffer {
  const printer = new thermal.ThermalPrinter({
    type: model === "epson" ? thermal.PrinterTypes.EPSON : thermal.PrinterTypes.STAR,
    // No interface: an empty one makes the library build bytes only (it never opens a connection).
    interface: "",
    // The desk folds lines itself, knowing each line's magnification.
    breakLine: thermal.BreakLine.NONE,
  });
  return {
    init: () => {
      printer.append(ESC_INIT); // ESC @, the same on Epson and Star (not in the library's typings)
      // After ESC @ (which resets the code page): Western European with the euro sign.
      printer.setCharacterSet(thermal.CharacterSet.PC858_EURO);
    },
    alignCenter: () => printer.alignCenter(),
    bold: (isOn) => printer.bold(isOn),
    magnify: (times) => {
      const clamped = Math.min(8, Math.max(1, Math.round(times)));
      if (model === "epson") printer.setTextSize(clamped - 1, clamped - 1);
      else if (clamped >= 2) printer.setTextQuadArea();
      else printer.setTextNormal();
    },
    println: (text) => printer.println(text),
    newLine: () => printer.newLine(),
    qr: (data) => {
      // The library counts the QR's length in characters, not bytes: only ASCII lengths are right.
      if (!/^[\x20-\x7e]*$/.test(data)) throw new Error("A thermal printer's QR takes printable ASCII only");
      if (model === "epson") printer.printQR(data, { cellSize: QR_CELL_DOTS, correction: "M", model: 2 });
      else printer.append(starQr(data));
    },
    cut: () => printer.cut(),
    bytes: () => printer.getBuffer() ?? Buffer.alloc(0),
  };
}
