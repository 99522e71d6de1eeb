/** Id of the 'Senha alterada' alert the reset page leaves for the login page; the next sign-in clears it. */
export const passwordChangedAlertId = 'password-changed';
