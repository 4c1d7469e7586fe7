// What the dev server (dev-compile.ts) and the pages (dev-client.ts) say to each other over Vite's socket.

/** A diagnostic as the overlay shows it: its code and place, and the whole text the terminal prints (frame and hint). */
export interface ShownDiagnostic {
  code: string;
  message: string;
  place: string | null;
  text: string;
}

/** What a build tells the open pages: the pages it changed ("*": every page), and its errors. */
export interface BuildNews {
  pages: string[];
  errors: ShownDiagnostic[];
}

/** Sent to the pages after every build. */
export const BUILT = "hexlaw:built";
/** Sent by a page when it opens: the server answers with the last build's errors. */
export const ASK = "hexlaw:ask";
