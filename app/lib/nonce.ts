import { createContext, useContext } from "react";

// The per-request CSP nonce, handed from entry.server to the document's inline scripts.
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
