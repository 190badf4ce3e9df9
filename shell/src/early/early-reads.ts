/**
 * Issue 12/26: the reads the start-up preloader sent with the token before any shared module was
 * loaded, kept here (a plain module of main.js) until the bootstrap hands them to the session
 * kernel's transport (`offerEarlyAnswer`), which gives each to the first identical request of the
 * page — whichever remote asks, through whatever cache it keeps. No window global any more.
 */
export interface EarlyRead {
  url: string;
  token: string;
  answer: Promise<Response | null>;
}

let reads: EarlyRead[] = [];

export function putEarlyRead(read: EarlyRead): void {
  reads.push(read);
}

/** Every read started so far, once. */
export function takeEarlyReads(): EarlyRead[] {
  const taken = reads;
  reads = [];
  return taken;
}
