/**
 * YouTube links, read the same way by the composer's preview (web) and by the server that stores
 * the video id: a post shows a video exactly when it will be saved with one.
 */

/** A YouTube link found in a text: the link as typed and the video id it points at. */
export interface YouTubeLink {
  url: string;
  videoId: string;
}

const videoIdPattern = /^[A-Za-z0-9_-]{11}$/;
const youtubeHosts = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
// Path forms that carry the id as their second segment: /shorts/<id>, /embed/<id>, /live/<id>, /v/<id>.
const idSegmentPaths = new Set(['shorts', 'embed', 'live', 'v']);
// A link starts at a word's start, so "notyoutube.com" is not read as "youtube.com".
const candidatePattern =
  /(?<![\w.-])(?:https?:\/\/)?(?:[a-z0-9-]+\.)*(?:youtube(?:-nocookie)?\.com|youtu\.be)\/\S*/gi;

function videoIdOf(address: URL): string | null {
  if (address.protocol !== 'https:' && address.protocol !== 'http:') return null;
  const host = address.hostname.toLowerCase();
  const segments = address.pathname.split('/').filter(Boolean);
  let candidate: string | null | undefined = null;
  if (host === 'youtu.be' || host === 'www.youtu.be') candidate = segments[0];
  else if (!youtubeHosts.has(host)) return null;
  else if (segments[0] === 'watch') candidate = address.searchParams.get('v');
  else if (segments[0] && idSegmentPaths.has(segments[0])) candidate = segments[1];
  return candidate && videoIdPattern.test(candidate) ? candidate : null;
}

/**
 * The video id of one YouTube link in any of its forms (watch?v=, youtu.be/, shorts/, embed/,
 * live/), or null. Nothing else of the address is kept.
 */
export function parseYouTubeId(link: string): string | null {
  try {
    return videoIdOf(new URL(link.trim()));
  } catch {
    return null;
  }
}

/**
 * The first YouTube video link in a text (watch, youtu.be, shorts, embed and live forms, with or
 * without https://), or null. Only the id is kept for embedding, never the rest of the address.
 */
export function findYouTubeLink(text: string): YouTubeLink | null {
  for (const match of text.matchAll(candidatePattern)) {
    // Sentence punctuation right after a pasted link is not part of it.
    const url = match[0].replace(/[.,;:!?)\]}>"']+$/, '');
    let address: URL;
    try {
      address = new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`);
    } catch {
      continue;
    }
    const videoId = videoIdOf(address);
    if (videoId) return { url, videoId };
  }
  return null;
}

/** Whether a string is a YouTube video id that may be put into an embed address. */
export function isYouTubeVideoId(value: string): boolean {
  return videoIdPattern.test(value);
}

/** The privacy-enhanced embed address of a video (the only YouTube origin the CSP allows). */
export function youTubeEmbedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}`;
}

/** The video's own page on YouTube: the way to watch it when the embed cannot load. */
export function youTubeWatchUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
}
