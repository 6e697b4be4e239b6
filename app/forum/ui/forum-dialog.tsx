import type { ComponentProps } from "react";
import { RouteDialog } from "~/components/dialog";

/** The forum page's dialogs (new topic, add e-mail): the site's route dialog over the page, also without JavaScript. */
export function ForumDialog(props: ComponentProps<typeof RouteDialog>) {
  return (
    <div className="fixed inset-0 z-50 overflow-y-auto bg-black/40 p-4">
      <RouteDialog {...props} />
    </div>
  );
}
