import { useLocation } from "@remix-run/react";
import { useEffect } from "react";

/** A post (`#post-N`), or a watch form's line that says the level just set (`#watch`, decision 350). */
const POST_ANCHOR = /^#(post-\d+|watch)$/;

/**
 * After a navigation to a post's address (`#post-N`: a jump, an unread link, a post's own address), focus goes to
 * that post (decision 311), so a screen reader reads where the reader landed ("#45 by …") and the next Tab starts
 * there. The router has already scrolled to it. A form in the post that comes back to it keeps its focus. After a
 * watch form's change (its redirect to `#watch`), focus goes to its line that says the new level.
 */
export function useFocusPostInAddress() {
  const { key, hash } = useLocation();
  useEffect(() => {
    if (!POST_ANCHOR.test(hash)) return;
    const post = document.getElementById(hash.slice(1));
    // Already inside that post (its Like button, whose form came back here): focus stays where the reader is.
    if (!post || post.contains(document.activeElement)) return;
    if (!post.hasAttribute("tabindex")) post.setAttribute("tabindex", "-1");
    post.focus({ preventScroll: true });
  }, [key, hash]);
}
