const videoId = /^[A-Za-z0-9_-]{11}$/;
const youtubeHosts = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);

/**
 * The video id of a YouTube link in any of its forms (watch?v=, youtu.be/, shorts/, embed/, live/),
 * or null. Nothing else of the address is kept.
 */
export function parseYouTubeId(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  let candidate: string | null | undefined;
  if (host === 'youtu.be') candidate = url.pathname.split('/')[1];
  else if (youtubeHosts.has(host)) {
    const [, first, second] = url.pathname.split('/');
    candidate =
      first === 'watch'
        ? url.searchParams.get('v')
        : ['shorts', 'embed', 'live', 'v'].includes(first ?? '')
          ? second
          : null;
  }
  return candidate && videoId.test(candidate) ? candidate : null;
}

/** The first YouTube video id in a text, or null. */
export function findYouTubeIdInText(text: string): string | null {
  for (const match of text.matchAll(/https?:\/\/\S+/g)) {
    const id = parseYouTubeId(match[0]);
    if (id) return id;
  }
  return null;
}
