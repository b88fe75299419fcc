import { describe, expect, it } from "vitest";
import { BloomFilter } from "./bloomFilter.ts";

describe("the Bloom filter of an import's emails", () => {
  it("never says a string added before is new", () => {
    const filter = new BloomFilter();
    const emails = Array.from({ length: 50_000 }, (_, i) => `guest.${i}@example.com`);
    for (const email of emails) filter.add(email);
    expect(emails.filter((email) => !filter.add(email))).toEqual([]);
  });

  it("rarely says a new string was added (100,000 added, 100,000 others asked)", () => {
    const filter = new BloomFilter();
    for (let i = 0; i < 100_000; i++) filter.add(`first.last.${i}@example.com`);
    let wrong = 0;
    for (let i = 0; i < 100_000; i++) if (filter.add(`other.${i}@example.org`)) wrong++;
    expect(wrong).toBeLessThan(100);
  });

  it("tells a repeated string apart from its first sighting", () => {
    const filter = new BloomFilter(10, 3);
    expect(filter.add("anne@example.com")).toBe(false);
    expect(filter.add("bruno@example.com")).toBe(false);
    expect(filter.add("anne@example.com")).toBe(true);
  });
});
