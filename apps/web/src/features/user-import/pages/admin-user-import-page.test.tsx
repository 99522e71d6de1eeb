import type { ResultadoImportacao } from '@elo/contract/calls/user-import';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';

const editor = makeLoggedUser({ flAdministrador: true });
const firstLoad = 20_000;

const withErrors: ResultadoImportacao = {
  linhas: [
    { linha: 2, matricula: '1', nome: 'Ana', acao: 'NOVO', erros: [] },
    { linha: 3, matricula: '2', nome: 'Bia', acao: 'INALTERADO', erros: [] },
    { linha: 4, matricula: '3', nome: null, acao: null, erros: ['nome: Campo obrigatório'] },
  ],
  qtdNovos: 1,
  qtdAlterados: 0,
  qtdInalterados: 1,
  qtdDesativados: 0,
  qtdErros: 1,
  flSimulacao: 'S',
};

const invalidCsv = '\uFEFFmatricula;nome;erros\r\n3;;nome: Campo obrigatório\r\n';

describe('applying the valid rows of an import', { timeout: 40_000 }, () => {
  it('offers to apply the valid rows of a file with errors and hands the invalid ones back as a file', async () => {
    const sent: Record<string, unknown>[] = [];
    fakeBackend({
      importaUsuariosAdmin: (body) => {
        const fields = body as Record<string, unknown>;
        sent.push(fields);
        if (fields.simular === 'S') return ok(withErrors);
        return ok({
          ...withErrors,
          flSimulacao: 'N',
          arquivoLinhasInvalidas: {
            nomeArquivo: 'linhas-com-erro.csv',
            tipoConteudo: 'text/csv; charset=utf-8',
            conteudoBase64: Buffer.from(invalidCsv).toString('base64'),
          },
        });
      },
    });
    renderApp('/admin/usuarios/importacao', { user: editor });
    await screen.findByRole('heading', { level: 1, name: 'Importação de usuários' }, { timeout: firstLoad });
    await userEvent.upload(
      screen.getByLabelText(/^Arquivo CSV ou XLSX/),
      new File(['matricula;nome\n1;Ana'], 'pessoas.csv', { type: 'text/csv' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Simular' }));

    // The whole file cannot apply; its 2 valid rows can.
    const applyValid = await screen.findByRole('button', { name: 'Aplicar as 2 linhas válidas' });
    expect(screen.getByRole('button', { name: 'Aplicar importação' })).toBeDisabled();
    expect(
      screen.getByText(
        'As 1 linhas com erro ficam de fora e voltam num arquivo, nas colunas do modelo com uma coluna de erros, para corrigir e importar de novo.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(applyValid);

    expect(
      await screen.findByText(
        'Linhas válidas aplicadas: 1 novo(s), 0 alterado(s). 1 linha(s) com erro ficaram de fora.',
      ),
    ).toBeInTheDocument();
    expect(sent.at(-1)).toMatchObject({ simular: 'N', flAplicarValidas: 'S', flDesativarAusentes: 'N' });
    const download = screen.getByRole('link', { name: 'Baixar as 1 linhas com erro' });
    expect(download).toHaveAttribute('download', 'linhas-com-erro.csv');
    const href = download.getAttribute('href')!;
    expect(href.startsWith('data:text/csv; charset=utf-8;base64,')).toBe(true);
    expect(Buffer.from(href.split('base64,')[1]!, 'base64').toString('utf8')).toBe(invalidCsv);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Aplicar as 2 linhas válidas' })).not.toBeInTheDocument(),
    );
  });

  it('does not offer it while absent people are to be deactivated', async () => {
    fakeBackend({ importaUsuariosAdmin: () => ok(withErrors) });
    renderApp('/admin/usuarios/importacao', { user: editor });
    await screen.findByRole('heading', { level: 1, name: 'Importação de usuários' }, { timeout: firstLoad });
    await userEvent.upload(
      screen.getByLabelText(/^Arquivo CSV ou XLSX/),
      new File(['matricula;nome\n1;Ana'], 'pessoas.csv', { type: 'text/csv' }),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: /Desativar quem não está no arquivo/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Simular' }));
    expect(await screen.findByText('nome: Campo obrigatório')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /linhas válidas/ })).not.toBeInTheDocument();
  });
});
