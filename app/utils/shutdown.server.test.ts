import { describe, expect, it } from "vitest";
import { noteReadinessAnswer, readinessDrainMs } from "./shutdown.server";

/** Whether SIGTERM waits before closing the port (decision 286): only while a balancer routes here. */
describe("readinessDrainMs", () => {
  const now = 1_000_000;

  it("waits the whole delay when a balancer was told ready lately", () => {
    noteReadinessAnswer(true, now - 500);
    expect(readinessDrainMs(3000, now)).toBe(3000);
    expect(readinessDrainMs(0, now)).toBe(0);
  });

  it("closes at once when the last check answered 503: the balancer has taken this instance out already", () => {
    noteReadinessAnswer(false, now - 500);
    expect(readinessDrainMs(3000, now)).toBe(0);
  });

  it("closes at once when nothing asked for a minute (no balancer, or one that stopped checking)", () => {
    noteReadinessAnswer(true, now - 61_000);
    expect(readinessDrainMs(3000, now)).toBe(0);
  });
});
