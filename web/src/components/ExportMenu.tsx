import { Button, Menu, type MantineSize } from "@mantine/core";

export type ExportFormat = "csv" | "xlsx";

/** A list's export button and its menu: the list as CSV or XLSX, each a download link (the browser fetches it). */
export function ExportMenu({
  label,
  formatLabels,
  hrefOf,
  size,
}: {
  label: string;
  formatLabels: Readonly<Record<ExportFormat, string>>;
  /** Where the browser downloads the list in that format. */
  hrefOf(format: ExportFormat): string;
  size?: MantineSize;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size={size} variant="default">
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {(["csv", "xlsx"] as const).map((format) => (
          <Menu.Item key={format} component="a" href={hrefOf(format)} download>
            {formatLabels[format]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
