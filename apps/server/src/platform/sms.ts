import type { Logger } from './logger.ts';
import { DeliveryError } from './delivery-error.ts';
import { appendToOutbox, maskPhone } from './outbox.ts';

export interface SmsSender {
  /** Sends a text to an E.164 number; throws DeliveryError when the provider did not take it. */
  send(message: { to: string; text: string }): Promise<void>;
}

/**
 * SMS through a generic JSON webhook (POST {to, message} with a Bearer token, any 2xx is success),
 * so any gateway can sit behind it; without one, SMS go to the outbox file.
 */
export function createSmsSender(options: {
  providerUrl?: string | undefined;
  providerToken?: string | undefined;
  dataDir: string;
  log: Logger;
}): SmsSender {
  const { providerUrl } = options;
  if (!providerUrl) {
    return {
      async send(message) {
        await appendToOutbox(options.dataDir, { channel: 'sms', to: message.to, text: message.text });
        options.log.info({ channel: 'sms', to: maskPhone(message.to) }, 'SMS written to the outbox');
      },
    };
  }
  return {
    async send(message) {
      let response: Response;
      try {
        response = await fetch(providerUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.providerToken ? { authorization: `Bearer ${options.providerToken}` } : {}),
          },
          body: JSON.stringify({ to: message.to, message: message.text }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new DeliveryError('the SMS provider could not be reached', { cause: error });
      }
      if (!response.ok) throw new DeliveryError(`the SMS provider answered ${response.status}`);
    },
  };
}
