import sharp from 'sharp';

/** Small deterministic pseudo-random numbers, so the demo looks the same on every machine. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

const skins = ['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac', '#a16e4b'];
const hairs = ['#2c1b18', '#4a312c', '#a55728', '#b58143', '#d6b370', '#724133', '#1b1b1b'];
const shirts = ['#1d4ed8', '#047857', '#b91c1c', '#7c3aed', '#c2410c', '#0f766e', '#374151', '#be185d'];
const backdrops = ['#dbeafe', '#dcfce7', '#fef3c7', '#fce7f3', '#e0e7ff', '#ede9fe', '#ccfbf1', '#f3f4f6'];

/** A portrait-like avatar (head, hair, shoulders), 256×256 JPEG. */
export function renderAvatar(random: () => number): Promise<Buffer> {
  const skin = pick(random, skins);
  const hair = pick(random, hairs);
  const longHair = random() < 0.5;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <rect width="256" height="256" fill="${pick(random, backdrops)}"/>
  ${longHair ? `<rect x="70" y="80" width="116" height="130" rx="50" fill="${hair}"/>` : ''}
  <path d="M36 256 C36 190 80 170 128 170 C176 170 220 190 220 256 Z" fill="${pick(random, shirts)}"/>
  <rect x="112" y="140" width="32" height="40" rx="10" fill="${skin}"/>
  <ellipse cx="128" cy="108" rx="50" ry="58" fill="${skin}"/>
  <path d="M76 104 C76 60 100 46 128 46 C160 46 182 62 180 104 C170 80 150 72 128 74 C106 72 88 82 76 104 Z" fill="${hair}"/>
  <circle cx="110" cy="112" r="5" fill="#1f2937"/><circle cx="146" cy="112" r="5" fill="#1f2937"/>
  <path d="M112 136 Q128 148 144 136" stroke="#7f1d1d" stroke-width="4" fill="none" stroke-linecap="round"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/** A landscape picture for image posts (sky, sun, hills), at a size the post rules accept. */
export function renderLandscape(random: () => number, width = 1280, height = 720): Promise<Buffer> {
  const palettes = [
    ['#0ea5e9', '#f0f9ff', '#facc15', '#15803d', '#166534'],
    ['#f97316', '#fde68a', '#fef3c7', '#7c2d12', '#431407'],
    ['#6366f1', '#c7d2fe', '#f9fafb', '#1e3a8a', '#172554'],
    ['#14b8a6', '#ccfbf1', '#fde047', '#0f766e', '#134e4a'],
  ];
  const [skyTop, skyBottom, sun, hillNear, hillFar] = pick(random, palettes);
  const sunX = Math.round(width * (0.2 + random() * 0.6));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="${Math.round(height * 0.35)}" r="${Math.round(height * 0.12)}" fill="${sun}"/>
  <path d="M0 ${height * 0.7} Q ${width * 0.3} ${height * 0.45} ${width * 0.6} ${height * 0.68} T ${width} ${height * 0.6} V ${height} H 0 Z" fill="${hillFar}"/>
  <path d="M0 ${height * 0.85} Q ${width * 0.4} ${height * 0.65} ${width} ${height * 0.82} V ${height} H 0 Z" fill="${hillNear}"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** A square group picture (the group photo is 260×260): a coloured badge with a simple emblem. */
export function renderGroupPhoto(
  colour: string,
  shape: 'circle' | 'diamond' | 'triangle' | 'square',
): Promise<Buffer> {
  const emblem = {
    circle: '<circle cx="130" cy="130" r="60" fill="#ffffff"/>',
    diamond: '<path d="M130 60 L200 130 L130 200 L60 130 Z" fill="#ffffff"/>',
    triangle: '<path d="M130 64 L200 190 H60 Z" fill="#ffffff"/>',
    square: '<rect x="75" y="75" width="110" height="110" rx="16" fill="#ffffff"/>',
  }[shape];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="260" height="260"><rect width="260" height="260" fill="${colour}"/>${emblem}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The company logo: a rounded mark in the company colour. */
export function renderLogo(colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
  <rect width="256" height="256" rx="56" fill="${colour}"/>
  <path d="M70 88 H186 M70 128 H160 M70 168 H186" stroke="#ffffff" stroke-width="22" stroke-linecap="round"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
