/**
 * Leaves the app for another site (the payment provider's checkout). One function so component
 * tests can stand in for the browser's navigation, which jsdom cannot perform.
 */
export function leaveSiteFor(url: string): void {
  window.location.assign(url);
}
