import { Image } from "@mantine/core";
import logoUrl from "../assets/tessera-logo.svg";

export function Logo({ height = 40 }: { height?: number }) {
  return <Image src={logoUrl} alt="Tessera" h={height} w="auto" fit="contain" />;
}
