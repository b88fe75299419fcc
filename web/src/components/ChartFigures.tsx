import { Table, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";

export interface FiguresRow {
  key: string;
  /** What the row counts (its header), then its figures, one a column. */
  cells: readonly [ReactNode, ...ReactNode[]];
}

/**
 * A chart and its figures: the drawing for the eye only (aria-hidden; give the chart no keyboard or
 * accessibility layer of its own), the same figures as a table that only screen readers read.
 */
export function ChartFigures({
  chart,
  caption,
  columns,
  rows,
}: {
  chart: ReactNode;
  caption: string;
  /** The columns' headers, the first one over the rows' headers. */
  columns: readonly string[];
  rows: readonly FiguresRow[];
}) {
  return (
    <>
      <div aria-hidden="true">{chart}</div>
      <VisuallyHidden>
        <Table>
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column} scope="col">
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ key, cells: [header, ...figures] }) => (
              <Table.Tr key={key}>
                <Table.Th scope="row">{header}</Table.Th>
                {figures.map((figure, index) => (
                  <Table.Td key={index}>{figure}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </>
  );
}
