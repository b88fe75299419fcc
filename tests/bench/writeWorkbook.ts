// `tsx tests/bench/writeWorkbook.ts <file> <rows>`: a workbook of guests laid out as Excel writes one
// ([Content_Types].xml first, shared strings), written in a process of its own so that building it
// leaves nothing in the memory of the bench that measures its upload.
import ExcelJS from "exceljs";

const [file, rows] = process.argv.slice(2);
if (!file || !rows) throw new Error("usage: writeWorkbook.ts <file> <rows>");
const workbook = new ExcelJS.Workbook();
const sheet = workbook.addWorksheet("Guests");
sheet.addRow(["firstName", "lastName", "email", "company"]);
for (let index = 0; index < Number(rows); index++) {
  sheet.addRow([`First${index % 977}`, `Last${index % 1013}`, `guest.${index}@example.com`, "Acme"]);
}
await workbook.xlsx.writeFile(file);
