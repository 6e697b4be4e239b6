import { describe, expect, it } from "vitest";
import { cspNonce, pooledRandom } from "./random-pool.server";

describe("random bytes from the pool (decision 273)", () => {
  it("gives CSP nonces of 128 bits, never the same twice, across many refills of the pool", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i += 1) {
      const nonce = cspNonce();
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(5000);
  });

  it("gives the bytes asked for in the encoding asked for, and refuses sizes it cannot give", () => {
    expect(pooledRandom(6, "hex")).toMatch(/^[0-9a-f]{12}$/);
    expect(Buffer.from(pooledRandom(256, "base64"), "base64")).toHaveLength(256);
    for (const bytes of [0, -1, 257, 1.5]) expect(() => pooledRandom(bytes, "hex")).toThrow(RangeError);
  });
});
