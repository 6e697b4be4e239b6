import { onDemand } from "~/components/on-demand";

/**
 * The flag and moderation confirmation dialog (`confirm-dialog.tsx`), loaded when a page opens one (`?confirm=…`),
 * not with every topic or queue page (decision 107).
 */
export const ConfirmDialog = onDemand(() => import("./confirm-dialog").then((m) => m.ConfirmDialog));
