import { describe, expect, it } from 'vitest';
import { findYouTubeLink, parseYouTubeId, youTubeEmbedUrl } from './youtube.ts';

describe('one YouTube link', () => {
  it('gives the video id of every usual form of link, and nothing else of it', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=30s&list=PL123',
      'https://youtu.be/aqz-KE-bpKQ?si=tracking',
      'https://m.youtube.com/watch?v=aqz-KE-bpKQ',
      'https://www.youtube.com/shorts/aqz-KE-bpKQ',
      'https://www.youtube.com/embed/aqz-KE-bpKQ?autoplay=1',
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
    ]) {
      expect(parseYouTubeId(link)).toBe('aqz-KE-bpKQ');
    }
  });

  it('refuses other sites, bad ids and other schemes', () => {
    for (const link of [
      'https://vimeo.com/123',
      'https://www.youtube.com/watch?v=short',
      'javascript:alert(1)//youtu.be/aqz-KE-bpKQ',
      'ftp://youtu.be/aqz-KE-bpKQ',
      'https://youtu.be.evil.example/aqz-KE-bpKQ',
      'não é link',
    ]) {
      expect(parseYouTubeId(link)).toBeNull();
    }
  });
});

describe('a YouTube link in a text', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['Olhem: https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ.', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=42', 'dQw4w9WgXcQ'],
    ['youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['Vejam https://example.com e https://youtu.be/aqz-KE-bpKQ hoje', 'aqz-KE-bpKQ'],
    ['(https://youtu.be/aqz-KE-bpKQ)', 'aqz-KE-bpKQ'],
    ['https://m.youtube.com/shorts/aBcDeFgHiJk', 'aBcDeFgHiJk'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('finds the video in %s', (text, videoId) => {
    expect(findYouTubeLink(text)?.videoId).toBe(videoId);
  });

  it.each([
    'sem link nenhum',
    'sem vídeo aqui',
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
