/**
 * Sends the browser to another site (the payment provider's checkout). Its own module so tests can
 * replace it: jsdom cannot leave the page and does not let tests redefine window.location.
 */
export function leavePageFor(url: string): void {
  window.location.assign(url);
}
