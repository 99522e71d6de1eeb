import { ChatFileType } from '@elo/contract/chat';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fixtureMe, makeMessage } from '../chat-fixtures.ts';
import { MessageItem, PendingItem } from './message-item.tsx';

function renderItem(message = makeMessage(), names: string[] = []) {
  const onEdit = vi.fn();
  const onDelete = vi.fn();
  render(
    <ul>
      <MessageItem
        message={message}
        me={fixtureMe}
        showAuthor
        mentionNames={() => names}
        onEdit={onEdit}
        onDelete={onDelete}
      />
    </ul>,
  );
  return { onEdit, onDelete };
}

describe('chat message', () => {
  it('links only what the spec allows, safely, and highlights mentions', () => {
    renderItem(
      makeMessage({ mensagem: '@Maria Silva veja https://elo.com.br/a e http://localhost:3000 <b>oi</b>' }),
      ['Maria Silva'],
    );
    const link = screen.getByRole('link', { name: 'https://elo.com.br/a' });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: /localhost/ })).not.toBeInTheDocument();
    expect(screen.getByText('@Maria Silva').tagName).toBe('STRONG');
    expect(screen.getByText(/<b>oi<\/b>/)).toBeInTheDocument();
    expect(screen.getByText('Carlos Pereira')).toBeInTheDocument();
  });

  it('shows the read ticks of own messages and the edited mark', () => {
    renderItem(makeMessage({ idUsuario: fixtureMe, flLida: 'S', dtEdicao: '2026-03-10T12:05:00.000Z' }));
    expect(screen.getByText('Lida')).toBeInTheDocument();
    expect(screen.getByText('editada')).toBeInTheDocument();
  });

  it('offers edit and delete for everyone on own messages, from the keyboard', async () => {
    const user = userEvent.setup();
    const message = makeMessage({ idUsuario: fixtureMe });
    const { onEdit, onDelete } = renderItem(message);
    expect(screen.getByText('Enviada')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Ações da mensagem' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Editar', 'Apagar para todos', 'Apagar para mim']);
    await user.keyboard('{Enter}');
    expect(onEdit).toHaveBeenCalledWith(message);
    await user.click(screen.getByRole('button', { name: 'Ações da mensagem' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Apagar para todos' }));
    expect(onDelete).toHaveBeenCalledWith(message, true);
  });

  it('lets others only delete a message from their own view', async () => {
    const user = userEvent.setup();
    renderItem();
    await user.click(screen.getByRole('button', { name: 'Ações da mensagem' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Apagar para mim',
    ]);
  });

  it('shows a deleted message as such, with nothing of it left', () => {
    renderItem(makeMessage({ flExcluirDefinitivo: 'S', mensagem: '' }));
    expect(screen.getByText('Mensagem apagada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ações da mensagem' })).not.toBeInTheDocument();
  });

  it('shows attachments: an image, a file link and an audio with its waveform', () => {
    renderItem(
      makeMessage({
        idTipoArquivo: ChatFileType.image,
        urlArquivo: '/backend/midia/1/chat/a.png',
        nomeArquivo: 'foto.png',
        mensagem: '',
      }),
    );
    expect(
      screen.getByRole('img', { name: 'Imagem enviada por Carlos Pereira: foto.png' }),
    ).toBeInTheDocument();
  });

  it('plays an audio message', () => {
    renderItem(
      makeMessage({
        idTipoArquivo: ChatFileType.audio,
        urlArquivo: '/backend/midia/1/chat/a.webm',
        duracao: 65,
        audioSamples: [0.1, 1, 0.5],
        mensagem: '',
      }),
    );
    expect(screen.getByRole('button', { name: 'Reproduzir o áudio de 1:05' })).toBeInTheDocument();
  });

  it('shows a message waiting for the connection with the clock tick', () => {
    render(
      <ul>
        <PendingItem
          pending={{
            idMensagemCliente: 'x',
            idSala: 1,
            mensagem: 'Já vou',
            dtEnvio: '2026-03-10T12:00:00.000Z',
            nomeArquivo: null,
            idTipoArquivo: null,
          }}
        />
      </ul>,
    );
    expect(screen.getByText('Aguardando envio')).toBeInTheDocument();
    expect(screen.getByText('Já vou')).toBeInTheDocument();
  });

  it('shows the link preview the server fetched, only for an allowed link', () => {
    renderItem(
      makeMessage({
        mensagem: 'Veja https://elo.com.br/vagas',
        dadosLinkMetadata: {
          url: 'https://elo.com.br/vagas',
          titulo: 'Vagas abertas',
          descricao: 'Trabalhe conosco',
          urlImagem: null,
        },
      }),
    );
    const preview = screen.getByRole('link', { name: 'Pré-visualização do link: Vagas abertas' });
    expect(preview).toHaveAttribute('href', 'https://elo.com.br/vagas');
    expect(preview).toHaveAttribute('rel', 'noopener noreferrer');
    expect(preview).toHaveTextContent('Trabalhe conosco');
  });

  it('shows no preview for a link the rule refuses', () => {
    renderItem(
      makeMessage({
        mensagem: 'interno',
        dadosLinkMetadata: { url: 'http://intranet/x', titulo: 'Intranet', descricao: null, urlImagem: null },
      }),
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
