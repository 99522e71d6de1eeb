import { describe, expect, it } from 'vitest';
import { findYouTubeLink, youTubeEmbedUrl } from './youtube-link.ts';

describe('YouTube link detection', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['Olhem: https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ.', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=42', 'dQw4w9WgXcQ'],
    ['youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/aBcDeFgHiJk', 'aBcDeFgHiJk'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('finds the video in %s', (text, videoId) => {
    expect(findYouTubeLink(text)?.videoId).toBe(videoId);
  });

  it.each([
    'sem link nenhum',
    'https://vimeo.com/123456',
    'https://www.youtube.com/watch?v=curto',
    'https://notyoutube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/channel/UC123',
  ])('finds nothing in %s', (text) => {
    expect(findYouTubeLink(text)).toBeNull();
  });

  it('embeds through the privacy-enhanced host', () => {
    expect(youTubeEmbedUrl('dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  });
});
