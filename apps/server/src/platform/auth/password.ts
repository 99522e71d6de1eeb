import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

/**
 * argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). Hashing runs at most
 * `concurrency` at a time; the rest queue, so a storm of logins cannot take every thread.
 */
// The library's Algorithm is an ambient const enum; 2 is its Argon2id.
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export interface PasswordHasher {
  hashPassword(password: string): Promise<string>;
  /** True when the password matches; a malformed stored hash is a mismatch. */
  verifyPassword(storedHash: string, password: string): Promise<boolean>;
  /** Spends the time of one verification, so an unknown login answers as slowly as a known one. */
  verifyNothing(password: string): Promise<void>;
}

/** Builds the hasher with bounded concurrency. */
export function createPasswordHasher(concurrency: number): PasswordHasher {
  const limit = pLimit(concurrency);
  let dummyHash: Promise<string> | undefined;
  const verifyPassword = (storedHash: string, password: string) =>
    limit(() => verify(storedHash, password).catch(() => false));
  return {
    hashPassword: (password) => limit(() => hash(password, options)),
    verifyPassword,
    async verifyNothing(password) {
      dummyHash ??= hash('not-a-real-password', options);
      await verifyPassword(await dummyHash, password);
    },
  };
}
