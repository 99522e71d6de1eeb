// Draws the installable app's icons (public/icons/) from the mark in favicon.svg: 192 and 512 px,
// and a maskable 512 px whose mark sits inside the safe circle (80 % of the side) on a full-bleed
// background, as Android crops it. Run again after changing the mark: node scripts/make-icons.mjs
import { mkdir } from 'node:fs/promises';
import sharp from 'sharp';

const blue = '#2563eb';
const letter = '<path d="M10 9h12v3H13.5v2.5H21v3h-7.5V20H22v3H10z" fill="#fff"/>';
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${blue}"/>${letter}</svg>`;
// Full bleed, the letter scaled into the middle 60 %.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${blue}"/><g transform="translate(16 16) scale(0.75) translate(-16 -16)">${letter}</g></svg>`;

const out = new URL('../public/icons/', import.meta.url);
await mkdir(out, { recursive: true });
for (const size of [192, 512]) {
  await sharp(Buffer.from(rounded), { density: 72 * (size / 32) })
    .resize(size, size)
    .png()
    .toFile(new URL(`icon-${size}.png`, out).pathname);
}
await sharp(Buffer.from(maskable), { density: 72 * 16 })
  .resize(512, 512)
  .png()
  .toFile(new URL('icon-maskable-512.png', out).pathname);
