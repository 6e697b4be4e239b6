import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useNavigation,
  useRouteLoaderData,
  type ClientLoaderFunctionArgs,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { getUser } from "~/accounts/session.server";
import { isAdminUser } from "~/accounts/users.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useLinkDiscovery } from "~/components/link-navigation";
import { useFocusOnNewPage } from "~/components/route-focus";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { SiteStylesheet } from "~/components/site-stylesheet";
import { StaticToast, ToastProvider } from "~/components/toaster";
import { forumLoadingText } from "~/forum/notices";
import { BLOG_FEED } from "~/site";
import { ReadAloud } from "~/speech/ui/read-aloud";
import { describeFailure } from "~/utils/client-action";
import { publicOrigin } from "~/utils/env.server";
import { combineHeaders } from "~/utils/http.server";
import { useNonce } from "~/utils/nonce";
import { readToast } from "~/utils/toast.server";
import { getVisitor, visitorCookieHeader } from "~/utils/visitor.server";

// The stylesheet is rendered by <SiteStylesheet>: inlined for visitors (decision 101), linked for members (decision 114).
// Every page names the blog's feed for feed readers and browsers to discover (decision 151).
export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "alternate", type: "application/rss+xml", title: BLOG_FEED.title, href: BLOG_FEED.path },
];

/**
 * The root's data is the same for every signed-out visitor (no visitor id in it): the forum's anonymous page
 * cache depends on that. The visitor id travels in its httpOnly cookie only.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const [user, { toast, headers: toastHeaders }, visitor] = await Promise.all([
    getUser(request),
    readToast(request),
    getVisitor(request),
  ]);
  return data(
    {
      user: user ? { id: user.id, username: user.username, isAdmin: isAdminUser(user), hasEmail: !!user.email } : null,
      toast,
      origin: publicOrigin(),
    },
    { headers: combineHeaders(toastHeaders, visitorCookieHeader(visitor)) },
  );
}

/**
 * With JavaScript, a link whose data the server never answers (a dropped connection) fails in the page it leads to:
 * its own error boundary says what failed (the forum's 'Failed to fetch topics' with Try Again), not the site-wide
 * 'Something went wrong'. The root's data (the member, a toast) is asked for again on every navigation; when that
 * request is what the dropped connection took, the shell keeps the data it had (issue 31).
 */
let shownRootData: unknown;
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  try {
    shownRootData = await serverLoader<typeof loader>();
    return shownRootData;
  } catch (error) {
    if (shownRootData && describeFailure(error)?.network) return { ...(shownRootData as object), toast: null };
    throw error;
  }
}

/**
 * zod 4 probes once whether it may compile validators with `new Function`; the CSP (no 'unsafe-eval') blocks the
 * probe and Chromium reports it as a Content-Security-Policy issue although zod catches it. `jitless` skips the
 * probe. zod reads this global config, so it is set before any module script runs (decision 101).
 */
const ZOD_JITLESS = "(globalThis.__zod_globalConfig??={}).jitless=true";

/** `signedIn`: the root loader's user; a member's document links the stylesheet instead of inlining it (decision 114). */
function Document({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en" className="bg-stone-50">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <SiteStylesheet linked={signedIn} />
        <Links />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: ZOD_JITLESS }} />
      </head>
      <body className="min-h-screen bg-stone-50 font-sans text-ink antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        {/* The modules load once the page has painted its content (patched Remix, decision 110). */}
        <Scripts nonce={nonce} afterFirstPaint />
      </body>
    </html>
  );
}

function Shell({ user, children }: { user: { username: string } | null; children: ReactNode }) {
  useLinkDiscovery();
  useFocusOnNewPage();
  return (
    <div className="site-page flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-[70] rounded bg-white px-4 py-2 text-cosmic focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <SiteHeader user={user} />
      <LoadingStatus />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter />
      <ReadAloud />
    </div>
  );
}

/**
 * The page's loading words while a page's data is on its way ('Loading topics', 'Loading discussion'): in the shell,
 * so they show (and are read, from a live region already on the page) whichever page the visitor comes from; a
 * page only knows of navigations while it is the one shown (issue 47).
 */
function LoadingStatus() {
  const navigation = useNavigation();
  const text =
    navigation.state === "loading" && navigation.location ? forumLoadingText(navigation.location.pathname) : null;
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 top-16 z-[60] flex justify-center">
      {text ? <p className="rounded-md bg-cosmic px-4 py-2 font-semibold text-white shadow-lg">{text}</p> : null}
    </div>
  );
}

export default function App() {
  const rootData = useLoaderData<typeof loader>();
  shownRootData ??= rootData;
  const { user, toast } = rootData;
  return (
    <Document signedIn={user !== null}>
      <ToastProvider flash={toast}>
        <Shell user={user}>
          <StaticToast flash={toast} />
          <Outlet />
        </Shell>
      </ToastProvider>
    </Document>
  );
}

export function ErrorBoundary() {
  const rootData = useRouteLoaderData<typeof loader>("root");
  return (
    <Document signedIn={!!rootData?.user}>
      <ToastProvider flash={null}>
        <Shell user={rootData?.user ?? null}>
          <GeneralErrorBoundary />
        </Shell>
      </ToastProvider>
    </Document>
  );
}
