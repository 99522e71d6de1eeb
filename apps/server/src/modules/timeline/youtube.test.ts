import { describe, expect, it } from 'vitest';
import { findYouTubeIdInText, parseYouTubeId } from './youtube.ts';

describe('YouTube links', () => {
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
      'https://youtu.be.evil.example/aqz-KE-bpKQ',
      'não é link',
    ]) {
      expect(parseYouTubeId(link)).toBeNull();
    }
  });

  it('finds the first video link in a text', () => {
    expect(findYouTubeIdInText('Vejam https://example.com e https://youtu.be/aqz-KE-bpKQ hoje')).toBe(
      'aqz-KE-bpKQ',
    );
    expect(findYouTubeIdInText('sem vídeo aqui')).toBeNull();
  });
});
