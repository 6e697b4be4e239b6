import { Link } from "@remix-run/react";
import { BODIES } from "~/astrology/zodiac";
import { ErrorPanel } from "~/components/error-boundary";

/** The 404 of /astrology/{name}: the message, the ten bodies that exist, and the way back. */
export function PlanetNotFound({ message }: { message: string }) {
  return (
    <ErrorPanel title="Planet Not Found" text={message}>
      <ul className="flex flex-wrap justify-center gap-3">
        {BODIES.map((b) => (
          <li key={b.name}>
            <Link to={`/astrology/${b.name}`} className="text-cosmic underline">
              {b.name}
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-4">
        <Link to="/astrology" className="text-cosmic underline">
          Back to Celestial Transits
        </Link>
      </p>
    </ErrorPanel>
  );
}
