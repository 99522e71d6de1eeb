import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageThread, type ThreadMessage } from './message-thread.tsx';

const messages: ThreadMessage[] = [
  {
    id: 1,
    kind: 'Colaborador',
    author: 'Maria',
    sentAt: '2025-03-10T12:00:00Z',
    text: 'Quando saem as férias?',
    attachments: [{ id: 7, name: 'escala.pdf', url: '/backend/midia/escala.pdf', size: 2048 }],
    tone: 'theirs',
  },
  {
    id: 2,
    kind: 'Nota interna',
    author: 'Ana',
    sentAt: '2025-03-10T13:00:00Z',
    text: '<b>ver escala</b>',
    attachments: [],
    tone: 'note',
  },
];

describe('MessageThread', () => {
  it('lists each message as an article named by its kind, with author, time, text as typed and attachments', () => {
    render(<MessageThread label="Mensagens do chamado" messages={messages} />);
    const thread = within(screen.getByRole('list', { name: 'Mensagens do chamado' }));
    const first = within(thread.getByRole('article', { name: 'Colaborador' }));
    expect(first.getByText('Maria')).toBeInTheDocument();
    expect(first.getByText('Quando saem as férias?')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'escala.pdf' })).toHaveAttribute(
      'href',
      '/backend/midia/escala.pdf',
    );
    const note = within(thread.getByRole('article', { name: 'Nota interna' }));
    expect(note.getByText('<b>ver escala</b>')).toBeInTheDocument();
    expect(note.queryByText('Nota interna')).toBeNull();
  });

  it('shows each message’s kind as a tag when asked', () => {
    render(<MessageThread label="Mensagens" messages={messages} showKind />);
    const note = within(screen.getByRole('article', { name: 'Nota interna' }));
    expect(note.getByText('Nota interna')).toBeInTheDocument();
  });
});
