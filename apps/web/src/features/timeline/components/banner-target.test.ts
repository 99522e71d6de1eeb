import { describe, expect, it } from 'vitest';
import { bannerTarget } from './banner-carousel.tsx';

describe("an announcement's link", () => {
  it('opens portal paths in the app, web addresses in a new tab, and nothing else', () => {
    expect(bannerTarget('/painel/pesquisas')).toEqual({ inApp: '/painel/pesquisas' });
    expect(bannerTarget('https://www.elo.example/a')).toEqual({ external: 'https://www.elo.example/a' });
    expect(bannerTarget('javascript:alert(1)')).toBeNull();
    expect(bannerTarget('//evil.example')).toBeNull();
    expect(bannerTarget(null)).toBeNull();
  });
});
