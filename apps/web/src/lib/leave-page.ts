/**
 * Leaves the app for another site's page (an identity provider's sign-in or sign-out): a full
 * navigation, not a route of the app. One function, so tests can see where the app went.
 */
export function leavePageFor(url: string): void {
  window.location.assign(url);
}
