/**
 * A cookie the page can read, set beside the httpOnly session cookie and cleared with it: it
 * holds no secret, only tells the public pages whether asking the server for the signed-in user
 * is worth a call (a visitor without it is asked nothing, so no call answers 401).
 */
export const sessionHintCookie = 'elo_signed_in';
