import { describe, expect, it } from "vitest";
import { classifyAddress, isPublicAddress } from "./addresses.ts";

describe("classifyAddress", () => {
  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "93.184.216.34",
    "100.63.255.255", // just below CGNAT
    "100.128.0.0", // just above CGNAT
    "172.15.255.255",
    "172.32.0.0",
    "169.253.255.255",
    "192.169.0.1",
    "198.17.255.255",
    "198.20.0.0",
    "223.255.255.255",
    "2606:4700:4700::1111",
    "2001:4860:4860::8888",
    "2a00:1450:4007:80e::200e",
    "::ffff:8.8.8.8",
    "::ffff:808:808",
    "64:ff9b::808:808",
  ])("allows the public address %s", (address) => {
    expect(classifyAddress(address)).toEqual({ allowed: true });
  });

  it.each([
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["10.0.0.1", "private"],
    ["10.255.255.255", "private"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.127.255.255", "carrier-grade NAT"],
    ["127.0.0.1", "loopback"],
    ["127.1.2.3", "loopback"],
    ["169.254.169.254", "link-local"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.0.0.8", "IETF protocol assignments"],
    ["192.0.2.1", "documentation"],
    ["192.88.99.1", "6to4 relay anycast"],
    ["192.168.1.1", "private"],
    ["198.18.0.1", "benchmarking"],
    ["198.19.255.255", "benchmarking"],
    ["198.51.100.7", "documentation"],
    ["203.0.113.9", "documentation"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "reserved"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["::127.0.0.1", "IPv4-compatible (deprecated)"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback"],
    ["0:0:0:0:0:ffff:a00:1", "IPv4-mapped private"],
    ["::ffff:169.254.169.254", "IPv4-mapped link-local"],
    ["::ffff:0:127.0.0.1", "IPv4-translated"],
    ["64:ff9b::127.0.0.1", "NAT64 loopback"],
    ["64:ff9b::a00:1", "NAT64 private"],
    ["64:ff9b:1::1", "local NAT64"],
    ["100::1", "discard-only"],
    ["2001::1", "IETF protocol assignments"],
    ["2001:db8::1", "documentation"],
    ["2002:7f00:1::1", "6to4"],
    ["3fff::1", "documentation"],
    ["fc00::1", "unique-local"],
    ["fd12:3456:789a::1", "unique-local"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["febf::1", "link-local"],
    ["fec0::1", "site-local (deprecated)"],
    ["ff02::1", "multicast"],
    ["ff05::1:3", "multicast"],
    ["4000::1", "reserved"],
    ["1::1", "reserved"],
  ])("refuses %s (%s)", (address, range) => {
    expect(classifyAddress(address)).toEqual({ allowed: false, range });
  });

  it.each([
    "localhost",
    "",
    "127.1",
    "2130706433",
    "0x7f.0.0.1",
    "127.0.0.1.",
    "[::1]",
    "1.2.3.4.5",
    "::g",
    "1:2:3:4:5:6:7:8:9",
  ])("refuses %j, which is not a canonical IP address", (text) => {
    expect(isPublicAddress(text)).toBe(false);
  });
});
