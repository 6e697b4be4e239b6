import { afterEach, expect, it, vi } from "vitest";

/**
 * React 18 renders a hydration started inside `startTransition` in slices of about 5 ms, yielding to the browser
 * between them; started outside one, it hydrates the whole page in one task, which Lighthouse counts 4x into the
 * total blocking time after the first paint (decision 121). The entry must keep hydrating inside a transition.
 */
const calls = vi.hoisted(() => ({ inTransition: false, hydratedInTransition: [] as boolean[] }));

vi.mock("react", async (importOriginal) => {
  const react = await importOriginal<typeof import("react")>();
  return {
    ...react,
    startTransition: (scope: () => void) => {
      calls.inTransition = true;
      try {
        scope();
      } finally {
        calls.inTransition = false;
      }
    },
  };
});
vi.mock("react-dom/client", () => ({
  hydrateRoot: () => calls.hydratedInTransition.push(calls.inTransition),
}));
vi.mock("@remix-run/react", () => ({ RemixBrowser: () => null }));

afterEach(() => {
  vi.unstubAllGlobals();
});

it("hydrates the document once, inside startTransition", async () => {
  vi.stubGlobal("document", {});
  await import("./entry.client");
  expect(calls.hydratedInTransition).toEqual([true]);
});
