import { Link } from "@remix-run/react";
import { BODY_NAMES } from "~/astrology/zodiac-names";
import { ErrorPanel } from "~/components/error-boundary";

/** The 404 of /astrology/{name}: the message, the ten bodies that exist, and the way back. */
export function PlanetNotFound({ message }: { message: string }) {
  return (
    <ErrorPanel title="Planet Not Found" text={message}>
      <ul className="flex flex-wrap justify-center gap-3">
        {BODY_NAMES.map((name) => (
          <li key={name}>
            <Link to={`/astrology/${name}`} className="text-cosmic underline">
              {name}
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
