import { PostType } from '@elo/contract/enums';
import { describe, expect, it } from 'vitest';
import { translateContractKey } from '#lib/i18n/i18n.ts';
import { composerReducer, initialComposerState, type ComposerState } from './composer-state.ts';
import { fitIntoBox } from './media-box.ts';
import { nextPageNumber, uniqueBy } from '#lib/paging.ts';
import { postColors } from './post-colors.ts';
import {
  checkComposer,
  checkMediaFile,
  checkTextLength,
  plainTextLength,
  toPublishInput,
  type RuleMessage,
} from './post-rules.ts';

const megabyte = 1024 * 1024;

function fileOf(name: string, type: string, size = 1024): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function messageOf(result: { error: RuleMessage } | { kind: string } | RuleMessage | null | undefined) {
  if (!result) return null;
  const rule = 'error' in result ? result.error : 'key' in result ? result : null;
  return rule ? translateContractKey(rule.key, rule.params) : null;
}

describe('upload rules (spec section 5, portal post upload)', () => {
  it('takes png, jpg and jpeg images up to 60MB', () => {
    expect(checkMediaFile(fileOf('foto.png', 'image/png', 60 * megabyte))).toEqual({ kind: 'image' });
    expect(checkMediaFile(fileOf('FOTO.JPG', 'image/jpeg'))).toEqual({ kind: 'image' });
    expect(checkMediaFile(fileOf('foto.jpeg', ''))).toEqual({ kind: 'image' });
  });

  it('refuses a file over 60MB with the spec message', () => {
    expect(messageOf(checkMediaFile(fileOf('foto.png', 'image/png', 60 * megabyte + 1)))).toBe(
      'Arquivo inválido. O limite de tamanho de arquivo é 60MB',
    );
  });

  it('refuses other formats with the spec message', () => {
    for (const file of [
      fileOf('anim.gif', 'image/gif'),
      fileOf('doc.pdf', 'application/pdf'),
      fileOf('foto.png', 'image/webp'),
    ]) {
      expect(messageOf(checkMediaFile(file))).toBe(
        'Arquivo inválido. Os formatos de arquivo válido PNG, JPG, JPEG',
      );
    }
  });

  it('refuses videos, mp4 included, with the same message: the portal publishes pictures only', () => {
    for (const file of [
      fileOf('clip.mp4', 'video/mp4'),
      fileOf('clip.mp4', ''),
      fileOf('clip.mov', 'video/quicktime'),
    ]) {
      expect(messageOf(checkMediaFile(file))).toBe(
        'Arquivo inválido. Os formatos de arquivo válido PNG, JPG, JPEG',
      );
    }
  });
});

describe('text limit', () => {
  it('counts plain characters, an emoji once', () => {
    expect(plainTextLength('olá 👋')).toBe(5);
  });

  it('gives the limit message with the user maximoCaracteres', () => {
    expect(checkTextLength('1234567890', 10)).toBeNull();
    expect(messageOf(checkTextLength('12345678901', 10))).toBe('O texto deve ter no máximo 10 caracteres');
  });
});

describe('composer checks', () => {
  const rules = { maxChars: 100, postableGroupIds: [10, 11, 12, 13] };
  const start = initialComposerState(10);
  const withText = (state: ComposerState) => composerReducer(state, { type: 'textChanged', text: 'Olá' });

  it('needs text or media', () => {
    expect(messageOf(checkComposer(start, rules).content)).toBe(
      'Selecione uma imagem, vídeo ou escreva uma mensagem de texto',
    );
    expect(checkComposer(withText(start), rules)).toEqual({});
  });

  it('needs two filled poll options', () => {
    let poll = composerReducer(withText(start), { type: 'pollStarted' });
    poll = composerReducer(poll, { type: 'pollOptionChanged', index: 0, label: 'Sim' });
    expect(messageOf(checkComposer(poll, rules).poll)).toBe('Informe ao menos duas opções para a enquete');
    poll = composerReducer(poll, { type: 'pollOptionAdded' });
    poll = composerReducer(poll, { type: 'pollOptionChanged', index: 1, label: ' Não ' });
    expect(checkComposer(poll, rules)).toEqual({});
  });

  it('needs 1 to 3 groups that allow posting', () => {
    const none = composerReducer(withText(start), { type: 'groupToggled', idGrupo: 10 });
    expect(messageOf(checkComposer(none, rules).groups)).toBe('Campo obrigatório');
    let four = withText(start);
    for (const id of [11, 12, 13]) four = composerReducer(four, { type: 'groupToggled', idGrupo: id });
    expect(messageOf(checkComposer(four, rules).groups)).toBe('Selecione no máximo 3 grupos');
    const foreign = composerReducer(withText(start), { type: 'groupToggled', idGrupo: 99 });
    expect(messageOf(checkComposer(foreign, rules).groups)).toBe('Você não pode publicar neste grupo');
  });

  it('sends the background only for text posts and the link only for youtube posts', () => {
    const text = composerReducer(withText(start), { type: 'backgroundChosen', color: '#dbeafe' });
    expect(toPublishInput(text, 'draft')).toEqual({
      textoPublicacao: 'Olá',
      flPermiteComentarios: 'S',
      idAppTipoMensagem: PostType.text,
      file: undefined,
      urlYouTube: undefined,
      backgroundColor: '#dbeafe',
      flRascunho: 'S',
      idsGrupos: '10',
    });
    const youtube = composerReducer(text, { type: 'textChanged', text: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(toPublishInput(youtube, 'publish')).toMatchObject({
      idAppTipoMensagem: PostType.youtube,
      urlYouTube: 'https://youtu.be/dQw4w9WgXcQ',
      backgroundColor: undefined,
      flRascunho: 'N',
    });
  });
});

describe('helpers', () => {
  it('scales a picture into a box, never enlarging it', () => {
    expect(fitIntoBox({ width: 1920, height: 1080 }, { width: 480, height: 320 })).toEqual({
      width: 480,
      height: 270,
    });
    expect(fitIntoBox({ width: 1000, height: 2000 }, { width: 480, height: 320 })).toEqual({
      width: 160,
      height: 320,
    });
    expect(fitIntoBox({ width: 200, height: 100 }, { width: 480, height: 320 })).toEqual({
      width: 200,
      height: 100,
    });
  });

  it('tells the next page from qtdTotalRegistros', () => {
    expect(nextPageNumber({ idPaginaAtual: 1, qtdRegistrosPorPagina: 10, qtdTotalRegistros: 11 })).toBe(2);
    expect(
      nextPageNumber({ idPaginaAtual: 2, qtdRegistrosPorPagina: 10, qtdTotalRegistros: 20 }),
    ).toBeUndefined();
    expect(uniqueBy([{ id: 1 }, { id: 2 }, { id: 1 }], (item) => item.id)).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('keeps dark text on light backgrounds and white on dark ones', () => {
    expect(postColors('#fef3c7').text).toBe('#0f172a');
    expect(postColors('#1e293b').text).toBe('#ffffff');
    expect(postColors(null)).toEqual({ background: '#ffffff', text: '#0f172a' });
  });
});
