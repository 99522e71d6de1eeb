import { SurveyQuestionType as QuestionType } from '@elo/contract/enums';
import { describe, expect, it } from 'vitest';
import { translateContractKey } from '#lib/i18n/i18n.ts';
import {
  allowedExtensions,
  checkAllAnswers,
  checkAnswer,
  emptyAnswer,
  formatBytes,
  problemMessage,
  type QuestionAnswer,
  type QuestionRules,
} from './answer-rules.ts';

function question(overrides: Partial<QuestionRules> = {}): QuestionRules {
  return {
    idPesquisaQuestao: 1,
    tipoQuestao: QuestionType.openText,
    flObrigatoria: 'N',
    qtdMaximoArquivo: null,
    limiteBytesUpload: null,
    formatosUploadPermitidos: [],
    flAceitarSomenteArquivosEspecificos: 'N',
    opcoes: [],
    ...overrides,
  };
}

function file(nomeArquivo: string, tamanhoBytes: number) {
  return { idMidia: 1, nomeArquivo, tamanhoBytes };
}

function answer(overrides: Partial<QuestionAnswer> = {}): QuestionAnswer {
  return { ...emptyAnswer(), ...overrides };
}

const choices = [
  { idPesquisaResposta: 10, flOutro: 'N', flDissertacaoDisponivel: 'N', flDissertacaoObrigatoria: 'N' },
  { idPesquisaResposta: 11, flOutro: 'S', flDissertacaoDisponivel: 'S', flDissertacaoObrigatoria: 'S' },
  { idPesquisaResposta: 12, flOutro: 'N', flDissertacaoDisponivel: 'S', flDissertacaoObrigatoria: 'N' },
] as const;

describe('open text (spec section 5)', () => {
  it('asks for a required answer, even one of spaces', () => {
    const required = question({ flObrigatoria: 'S' });
    expect(checkAnswer(required, answer())).toEqual({ rule: 'required' });
    expect(checkAnswer(required, answer({ resposta: '   ' }))).toEqual({ rule: 'required' });
    expect(checkAnswer(question(), answer())).toBeNull();
  });

  it('takes 500 characters and refuses 501, counting an emoji once', () => {
    expect(checkAnswer(question(), answer({ resposta: 'a'.repeat(500) }))).toBeNull();
    expect(checkAnswer(question(), answer({ resposta: '😀'.repeat(500) }))).toBeNull();
    expect(checkAnswer(question(), answer({ resposta: 'a'.repeat(501) }))).toEqual({
      rule: 'openTextTooLong',
      max: 500,
    });
  });
});

describe('multiple choice and checkbox', () => {
  const choice = question({ tipoQuestao: QuestionType.multipleChoice, opcoes: choices });

  it('needs an option when required', () => {
    expect(checkAnswer({ ...choice, flObrigatoria: 'S' }, answer())).toEqual({ rule: 'required' });
    expect(checkAnswer(choice, answer())).toBeNull();
    expect(checkAnswer({ ...choice, flObrigatoria: 'S' }, answer({ idsRespostas: [10] }))).toBeNull();
  });

  it("needs the 'other' text, up to 300 characters", () => {
    expect(checkAnswer(choice, answer({ idsRespostas: [11] }))).toEqual({ rule: 'otherTextRequired' });
    expect(checkAnswer(choice, answer({ idsRespostas: [11], resposta: 'b'.repeat(300) }))).toBeNull();
    expect(checkAnswer(choice, answer({ idsRespostas: [11], resposta: 'b'.repeat(301) }))).toEqual({
      rule: 'otherTextTooLong',
      max: 300,
    });
  });

  it('leaves an optional text beside an option optional, but still limits it', () => {
    const checkbox = { ...choice, tipoQuestao: QuestionType.checkbox };
    expect(checkAnswer(checkbox, answer({ idsRespostas: [10, 12] }))).toBeNull();
    expect(checkAnswer(checkbox, answer({ idsRespostas: [10, 12], resposta: 'c'.repeat(301) }))).toEqual({
      rule: 'otherTextTooLong',
      max: 300,
    });
  });

  it('ignores a text left over from an option that is no longer chosen', () => {
    expect(checkAnswer(choice, answer({ idsRespostas: [10], resposta: 'x'.repeat(400) }))).toBeNull();
  });
});

describe('upload', () => {
  const upload = question({
    tipoQuestao: QuestionType.upload,
    flObrigatoria: 'S',
    qtdMaximoArquivo: 2,
    limiteBytesUpload: 1024 * 1024,
    formatosUploadPermitidos: ['Imagem', 'PDF'],
    flAceitarSomenteArquivosEspecificos: 'S',
  });

  it('is required when the question says so', () => {
    expect(checkAnswer(upload, answer())).toEqual({ rule: 'required' });
  });

  it('limits the number of files', () => {
    const files = ['a.png', 'b.png', 'c.png'].map((name) => file(name, 10));
    expect(checkAnswer(upload, answer({ arquivos: files }))).toEqual({ rule: 'tooManyFiles', max: 2 });
  });

  it('limits the total size, not each file', () => {
    const half = 512 * 1024;
    expect(checkAnswer(upload, answer({ arquivos: [file('a.pdf', half), file('b.pdf', half)] }))).toBeNull();
    expect(checkAnswer(upload, answer({ arquivos: [file('a.pdf', half), file('b.pdf', half + 1)] }))).toEqual(
      { rule: 'filesTooLarge', limitBytes: 1024 * 1024 },
    );
  });

  it('names the files whose extension is not allowed and lists the allowed ones', () => {
    expect(
      checkAnswer(upload, answer({ arquivos: [file('nota.PDF', 1), file('planilha.xlsx', 1)] })),
    ).toEqual({
      rule: 'formatsNotAllowed',
      files: ['planilha.xlsx'],
      extensions: ['jpg', 'jpeg', 'png', 'pdf'],
    });
  });

  it('takes images and PDFs when the question does not restrict formats', () => {
    expect(
      allowedExtensions({
        ...upload,
        formatosUploadPermitidos: [],
        flAceitarSomenteArquivosEspecificos: 'N',
      }),
    ).toEqual(['jpg', 'jpeg', 'png', 'pdf']);
    expect(allowedExtensions({ ...upload, formatosUploadPermitidos: ['PDF'] })).toEqual(['pdf']);
  });
});

describe('checking the whole survey', () => {
  it('finds every problem and points at the first invalid question in order', () => {
    const questions = [
      question({ idPesquisaQuestao: 5 }),
      question({ idPesquisaQuestao: 3, flObrigatoria: 'S' }),
      question({ idPesquisaQuestao: 9, flObrigatoria: 'S' }),
    ];
    const result = checkAllAnswers(questions, { 5: answer({ resposta: 'ok' }) });
    expect(result.firstInvalid).toBe(3);
    expect([...result.problems.keys()]).toEqual([3, 9]);
    expect(
      checkAllAnswers(questions, { 3: answer({ resposta: 'a' }), 9: answer({ resposta: 'b' }) }).firstInvalid,
    ).toBeNull();
  });
});

describe('formatBytes', () => {
  it('words limits as people read them', () => {
    expect(formatBytes(5 * 1024 * 1024, 'pt-BR')).toBe('5 MB');
    expect(formatBytes(1536 * 1024, 'pt-BR')).toBe('1,5 MB');
    expect(formatBytes(500 * 1024, 'en')).toBe('500 KB');
  });
});

describe('messages (spec section 5, word for word)', () => {
  const say = (problem: Parameters<typeof problemMessage>[0]) => {
    const message = problemMessage(problem, 'pt-BR');
    return translateContractKey(message.key, message.params);
  };

  it('words each rule as the spec does', () => {
    expect(say({ rule: 'required' })).toBe('Esta pergunta é obrigatória');
    expect(say({ rule: 'openTextTooLong', max: 500 })).toBe('Permitido no máximo 500 caracteres');
    expect(say({ rule: 'otherTextTooLong', max: 300 })).toBe(
      'A resposta é muito longa, diminua para no máximo 300 caracteres',
    );
    expect(say({ rule: 'filesTooLarge', limitBytes: 5 * 1024 * 1024 })).toBe(
      'A soma do tamanho dos arquivos excede o limite de 5 MB',
    );
    expect(say({ rule: 'tooManyFiles', max: 2 })).toBe(
      'Quantidade de arquivos excede o permitido de 2 arquivo(s)',
    );
    expect(
      say({ rule: 'formatsNotAllowed', files: ['a.xlsx', 'b.doc'], extensions: ['jpg', 'jpeg', 'png'] }),
    ).toBe('Os arquivos: a.xlsx, b.doc não são permitidos. Extensões permitidas: jpg, jpeg, png');
  });
});
