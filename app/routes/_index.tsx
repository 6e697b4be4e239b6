import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { DIGITS, principleOf, universalName } from "~/numerology/principles";
import { originFromMatches, pageMeta } from "~/utils/meta";

export default function Home() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="font-serif text-4xl font-bold text-ink">The Ten Universal Principles</h1>
      <p className="mt-4 max-w-3xl text-lg">
        Every digit from 0 to 9 names a principle of how the one reality explores itself. Choose a number to receive
        its principle, an insight and an affirmation shaped to your style.
      </p>
      <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-5" aria-label="The ten principles">
        {DIGITS.map((digit) => (
          <li key={digit} className="rounded-lg border border-violet-200 bg-white p-3 text-center">
            <span className="block text-3xl font-bold" aria-hidden="true">
              {digit}
            </span>
            <span className="text-sm">
              <span className="sr-only">{digit}: </span>
              {universalName(digit)} ({principleOf(digit).colour})
            </span>
          </li>
        ))}
      </ul>
      <nav aria-label="Explore" className="mt-10 flex flex-wrap gap-4">
        <Link to="/about" className="text-cosmic underline">About</Link>
        <Link to="/astrology" className="text-cosmic underline">Celestial Transits</Link>
        <Link to="/birth-date" className="text-cosmic underline">Birth Date Analysis</Link>
        <Link to="/forum" className="text-cosmic underline">Community Forum</Link>
      </nav>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Numerology Ontology",
    description: "Ten universal principles, one per digit: AI-written readings, angel numbers, birth dates and the sky.",
    path: "/",
    origin: originFromMatches(matches),
  });
