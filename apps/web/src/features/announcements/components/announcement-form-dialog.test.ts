import { describe, expect, it } from 'vitest';
import { checkDraft, draftOf, inputOf } from './announcement-form-dialog.tsx';

const image = new File([new Uint8Array([1])], 'banner.png', { type: 'image/png' });

describe('the announcement form', () => {
  it('starts a new one now, for a week, for everyone', () => {
    const draft = draftOf(null, new Date('2026-03-10T12:34:56Z'));
    expect(draft.startsAt).toBe('2026-03-10T12:34:00.000Z');
    expect(draft.endsAt).toBe('2026-03-17T12:34:00.000Z');
    expect(inputOf({ ...draft, groupIds: [3, 7] }, null).idsGrupos).toBe('3,7');
  });

  it("gives the contract's messages: image on create, link, end after start", () => {
    const draft = draftOf(null, new Date('2026-03-10T12:00:00Z'));
    expect(checkDraft(draft, null).imagem).toBe('Campo obrigatório');
    const errors = checkDraft({ ...draft, image, link: 'javascript:alert(1)', endsAt: draft.startsAt }, null);
    expect(errors.link).toMatch(/^O link deve começar com http:\/\//);
    expect(errors.dtFim).toBe('A data de término deve ser posterior à data de início');
    expect(errors.imagem).toBeUndefined();
  });

  it('accepts web addresses and portal paths, and an edit without a new image', () => {
    const draft = draftOf(null, new Date('2026-03-10T12:00:00Z'));
    expect(checkDraft({ ...draft, image, link: 'https://www.elo.example/x' }, null)).toEqual({});
    expect(checkDraft({ ...draft, link: '/painel/pesquisas' }, 5)).toEqual({});
    expect(checkDraft({ ...draft, link: '//evil.example' }, 5).link).toBeDefined();
  });
});
