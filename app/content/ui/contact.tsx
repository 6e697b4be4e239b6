import { Link } from "@remix-run/react";
import { linkClass } from "./prose";

/**
 * How to reach the author: the configured CONTACT_EMAIL, and the forum, which every visitor can reach.
 * Without a configured address the forum is the one channel, and the text says so plainly.
 */
export function ContactDetails({ email, purpose }: { email: string | null; purpose: string }) {
  return (
    <div className="mt-4 max-w-3xl text-lg leading-relaxed">
      {email ? (
        <p>
          For {purpose}, write to{" "}
          <a href={`mailto:${email}`} className={linkClass}>
            {email}
          </a>
          . You can also reach the author in the{" "}
          <Link to="/forum" className={linkClass}>
            Community Forum
          </Link>
          .
        </p>
      ) : (
        <p>
          For {purpose}, reach the author through the{" "}
          <Link to="/forum" className={linkClass}>
            Community Forum
          </Link>{" "}
          (General Discussion); signed-in members can ask for a private reply by e-mail.
        </p>
      )}
    </div>
  );
}
