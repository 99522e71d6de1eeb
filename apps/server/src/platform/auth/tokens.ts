import { createHash, randomBytes } from 'node:crypto';

/** A fresh secret with 256 bits of randomness, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored in place of a token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
