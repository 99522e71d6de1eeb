/** Id of the 'Sessão expirada' alert, so it is shown once and cleared by the next sign-in. */
export const sessionExpiredAlertId = 'session-expired';
