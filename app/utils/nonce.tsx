import { createContext, useContext } from "react";

/** The per-request CSP nonce, rendered into every inline script on the server; empty in the browser. */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
