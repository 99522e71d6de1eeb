import type { Lembrete } from '@elo/contract/calls/reminders';
import type { Notificacao } from '@elo/contract/calls/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend, invalid, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';

function reminder(id: number, overrides: Partial<Lembrete> = {}): Lembrete {
  const at = new Date(Date.UTC(2026, 11, 1, 12, 0) + id * 3_600_000).toISOString();
  return {
    idLembrete: id,
    titulo: `Lembrete ${id}`,
    descricao: null,
    dtLembrete: at,
    recorrencia: 'NENHUMA',
    flEmail: 'N',
    flConcluido: 'N',
    dtProximaOcorrencia: at,
    dtUltimaOcorrencia: null,
    ...overrides,
  };
}

/** A server holding these reminders, listing each situation and recording the writes. */
function reminderServer(all: Lembrete[], extra: Parameters<typeof fakeBackend>[0] = {}) {
  const writes: { name: string; body: unknown }[] = [];
  const upcoming = (item: Lembrete) => item.flConcluido === 'N' && item.dtProximaOcorrencia !== null;
  const backend = fakeBackend({
    consultaLembretes: (body) => {
      const { situacao } = body as { situacao?: string };
      const listed = all.filter((item) => (situacao === 'PASSADOS' ? !upcoming(item) : upcoming(item)));
      return ok({
        listLembretes: listed,
        idPaginaAtual: 1,
        qtdRegistrosPorPagina: 10,
        qtdTotalRegistros: listed.length,
      });
    },
    concluiLembrete: (body) => {
      writes.push({ name: 'concluiLembrete', body });
      const id = (body as { idLembrete: number }).idLembrete;
      all = all.map((item) =>
        item.idLembrete === id ? { ...item, flConcluido: 'S', dtProximaOcorrencia: null } : item,
      );
      return ok({ lembrete: all.find((item) => item.idLembrete === id) });
    },
    excluiLembrete: (body) => {
      writes.push({ name: 'excluiLembrete', body });
      all = all.filter((item) => item.idLembrete !== (body as { idLembrete: number }).idLembrete);
      return ok({ ok: true });
    },
    ...extra,
  });
  return { backend, writes };
}

const findHeading = (name: string) => screen.findByRole('heading', { name, level: 1 }, { timeout: 45_000 });

describe('the reminders page', { timeout: 90_000 }, () => {
  it('is reached from the user menu, with the reminder times as everywhere else', async () => {
    reminderServer([reminder(1, { titulo: 'Reunião de equipe' })]);
    renderApp('/painel/timeline', { user: makeLoggedUser() });
    await userEvent.click(
      await screen.findByRole('button', { name: /Menu do usuário/ }, { timeout: 45_000 }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Lembretes' }));
    await findHeading('Lembretes');
    expect(screen.getByTestId('location')).toHaveTextContent('/painel/exemplo/lembrete');
    const meeting = await screen.findByRole('listitem', { name: 'Reunião de equipe' });
    expect(meeting.querySelector('time')?.textContent).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  it('lists upcoming and past reminders, concludes one and deletes another after asking', async () => {
    const server = reminderServer([
      reminder(1, { titulo: 'Reunião de equipe', recorrencia: 'DIARIA', flEmail: 'S' }),
      reminder(2, { titulo: 'Pagar o boleto' }),
      reminder(3, { titulo: 'Entregar o relatório', flConcluido: 'S', dtProximaOcorrencia: null }),
    ]);
    renderApp('/painel/exemplo/lembrete', { user: makeLoggedUser() });
    await findHeading('Lembretes');
    const meeting = await screen.findByRole('listitem', { name: 'Reunião de equipe' });
    expect(meeting).toHaveTextContent('Todo dia');
    expect(meeting).toHaveTextContent('Também por e-mail');
    expect(screen.queryByRole('listitem', { name: 'Entregar o relatório' })).not.toBeInTheDocument();

    await userEvent.click(within(meeting).getByRole('button', { name: 'Concluir: Reunião de equipe' }));
    await waitFor(() =>
      expect(server.writes).toEqual([{ name: 'concluiLembrete', body: { idLembrete: 1 } }]),
    );
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Reunião de equipe' })).not.toBeInTheDocument(),
    );

    const bill = screen.getByRole('listitem', { name: 'Pagar o boleto' });
    await userEvent.click(within(bill).getByRole('button', { name: 'Excluir: Pagar o boleto' }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir lembrete?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    await waitFor(() =>
      expect(server.writes[1]).toEqual({ name: 'excluiLembrete', body: { idLembrete: 2 } }),
    );

    await userEvent.click(screen.getByRole('tab', { name: 'Passados' }));
    expect(await screen.findByRole('listitem', { name: 'Entregar o relatório' })).toHaveTextContent(
      'Concluído',
    );
    expect(screen.getByRole('listitem', { name: 'Reunião de equipe' })).toBeInTheDocument();
  });

  it('creates a reminder in the dialog and shows the server’s field message beside its field', async () => {
    const sent: unknown[] = [];
    reminderServer([], {
      salvaLembrete: (body) => {
        sent.push(body);
        return sent.length === 1
          ? invalid({ dtLembrete: ['Informe uma data e hora futuras'] })
          : ok({ lembrete: reminder(9, { titulo: 'Ligar para o RH' }) });
      },
    });
    renderApp('/painel/exemplo/lembrete', { user: makeLoggedUser() });
    await findHeading('Lembretes');
    await userEvent.click(screen.getByRole('button', { name: 'Novo lembrete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo lembrete' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar lembrete' }));
    expect(await within(dialog).findByText('Campo obrigatório')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(/Título/), 'Ligar para o RH');
    await userEvent.selectOptions(within(dialog).getByLabelText(/Repetição/), 'SEMANAL');
    await userEvent.click(within(dialog).getByLabelText('Avisar também por e-mail'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar lembrete' }));
    expect(await within(dialog).findByText('Informe uma data e hora futuras')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ titulo: 'Ligar para o RH', recorrencia: 'SEMANAL', flEmail: 'S' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar lembrete' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Novo lembrete' })).not.toBeInTheDocument(),
    );
    expect(sent).toHaveLength(2);
  });
});

describe('snoozing from the bell', { timeout: 90_000 }, () => {
  it('offers 10 min and 1 h on a reminder’s notification and calls adiaLembrete with its id', async () => {
    const snoozed: unknown[] = [];
    const notification: Notificacao = {
      idNotificacao: 5,
      tipo: 'LEMBRETE',
      titulo: 'Tomar o remédio',
      texto: 'Lembrete de 01/12/2026 09:00',
      link: '/painel/exemplo/lembrete?idLembrete=42',
      dtCriacao: new Date().toISOString(),
      flLida: 'N',
      qtdAgrupadas: 1,
      qtdPessoas: 0,
      nomes: [],
    };
    fakeBackend({
      consultaNotificacoes: () =>
        ok({
          listNotificacoes: [
            notification,
            {
              ...notification,
              idNotificacao: 6,
              tipo: 'COMENTARIO_POSTAGEM',
              titulo: 'Comentário',
              link: '/painel/publicacao/1',
            },
          ],
          idPaginaAtual: 1,
          qtdRegistrosPorPagina: 10,
          qtdTotalRegistros: 2,
          qtdNaoLidas: 2,
        }),
      adiaLembrete: (body) => {
        snoozed.push(body);
        return ok({ lembrete: reminder(42, { dtProximaOcorrencia: new Date().toISOString() }) });
      },
    });
    renderApp('/painel/timeline', { user: makeLoggedUser() });
    await userEvent.click(await screen.findByRole('button', { name: /Notificações/ }, { timeout: 45_000 }));
    const list = await screen.findByRole('dialog', { name: 'Notificações' });
    const group = await within(list).findByRole('group', { name: 'Adiar o lembrete Tomar o remédio' });
    expect(within(list).getAllByRole('group')).toHaveLength(1);
    await userEvent.click(within(group).getByRole('button', { name: 'Adiar 1 h' }));
    await waitFor(() => expect(snoozed).toEqual([{ idLembrete: 42, minutos: 60 }]));
    expect(await screen.findByText(/Lembrete adiado para/)).toBeInTheDocument();
  });
});
