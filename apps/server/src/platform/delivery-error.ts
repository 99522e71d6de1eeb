/** A message (e-mail or SMS) could not be handed to its provider; nothing was consumed. */
export class DeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DeliveryError';
  }
}
