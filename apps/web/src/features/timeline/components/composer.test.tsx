import { Permission } from '@elo/contract/enums';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  calledNames,
  fakeBackend,
  makeLoggedUser,
  ok,
  renderApp,
  type FakeBackend,
} from '#app/test-harness.tsx';
import { makePost } from '../post-fixtures.ts';

const locked = 'Entre em contato com o administrador e solicite a ativação de permissões para este recurso';

function fileOf(name: string, type: string, size = 2048): File {
  const file = new File(['conteúdo'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** The multipart bodies publicaPostagemTimeline received, repeated fields as lists. */
function publishBodies(fetchMock: ReturnType<typeof fakeBackend>): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(([url]) => url === '/backend/publicaPostagemTimeline')
    .map(([, init]) => {
      expect(init?.body).toBeInstanceOf(FormData);
      const fields: Record<string, unknown> = {};
      for (const [key, value] of (init?.body as FormData).entries()) {
        const previous = fields[key];
        fields[key] = previous === undefined ? value : [previous, value].flat();
      }
      return fields;
    });
}

async function renderComposer(handlers: FakeBackend = {}, user = makeLoggedUser()) {
  const fetchMock = fakeBackend({
    publicaPostagemTimeline: () => ok({ postagem: makePost(500) }),
    ...handlers,
  });
  renderApp('/painel/timeline', { user });
  const composer = await screen.findByRole('region', { name: 'Nova publicação' });
  return { fetchMock, composer };
}

beforeEach(() => {
  // jsdom has no object URLs; the composer makes one per chosen file for its preview.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
});

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('composer permissions', () => {
  it('shows the locked overlay to a user without PUBLICAR_TIMELINE_APP', async () => {
    fakeBackend({});
    renderApp('/painel/timeline', { user: makeLoggedUser({ permissoes: [Permission.chat] }) });
    const region = await screen.findByRole('region', { name: 'Nova publicação' });
    expect(within(region).getByText(locked)).toBeInTheDocument();
    expect(screen.queryByLabelText('Texto da publicação')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publicar' })).not.toBeInTheDocument();
  });

  it('locks the composer in a group that does not allow posting', async () => {
    const { composer } = await renderComposer();
    expect(within(composer).getByLabelText('Texto da publicação')).toBeInTheDocument();
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Grupo' }), 'Marketing');
    expect(await screen.findByText(locked)).toBeInTheDocument();
    expect(screen.queryByLabelText('Texto da publicação')).not.toBeInTheDocument();
  });
});

describe('composer', () => {
  it('counts the text live and gives the limit message of maximoCaracteres', async () => {
    const { fetchMock, composer } = await renderComposer();
    const user = userEvent.setup();
    const text = within(composer).getByLabelText('Texto da publicação');
    await user.type(text, 'Olá');
    expect(within(composer).getByText('3 de 10 caracteres')).toBeInTheDocument();
    expect(text).toHaveAccessibleDescription(/3 de 10 caracteres/);
    await user.type(text, ' pessoal!!');
    expect(within(composer).getByText('13 de 10 caracteres')).toBeInTheDocument();
    expect(within(composer).getByText('O texto deve ter no máximo 10 caracteres')).toBeInTheDocument();
    expect(text).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(composer).getByRole('button', { name: 'Publicar' }));
    expect(text).toHaveFocus();
    expect(calledNames(fetchMock)).not.toContain('publicaPostagemTimeline');
  });

  it('asks for text or media before publishing', async () => {
    const { fetchMock, composer } = await renderComposer();
    await userEvent.setup().click(within(composer).getByRole('button', { name: 'Publicar' }));
    expect(
      within(composer).getByText('Selecione uma imagem, vídeo ou escreva uma mensagem de texto'),
    ).toBeInTheDocument();
    expect(calledNames(fetchMock)).not.toContain('publicaPostagemTimeline');
  });

  it('refuses files with the spec messages before any upload', async () => {
    const { fetchMock, composer } = await renderComposer();
    const user = userEvent.setup({ applyAccept: false });
    const picker = within(composer).getByLabelText('Foto');
    await user.upload(picker, fileOf('grande.png', 'image/png', 61 * 1024 * 1024));
    expect(within(composer).getByRole('alert')).toHaveTextContent(
      'Arquivo inválido. O limite de tamanho de arquivo é 60MB',
    );
    await user.upload(picker, fileOf('anim.gif', 'image/gif'));
    expect(within(composer).getByRole('alert')).toHaveTextContent(
      'Arquivo inválido. Os formatos de arquivo válido PNG, JPG, JPEG',
    );
    expect(picker).toHaveAccessibleDescription(/Os formatos de arquivo válido PNG, JPG, JPEG/);
    // Videos are not the portal's to publish: the picker offers pictures only, and a video
    // chosen all the same is refused in the spec's words.
    expect(picker).toHaveAttribute('accept', 'image/png,image/jpeg,.png,.jpg,.jpeg');
    for (const video of [fileOf('clip.mp4', 'video/mp4'), fileOf('filme.mov', 'video/quicktime')]) {
      await user.upload(picker, fileOf('foto.png', 'image/png'));
      expect(within(composer).queryByRole('alert')).not.toBeInTheDocument();
      await user.upload(picker, video);
      expect(within(composer).getByRole('alert')).toHaveTextContent(
        'Arquivo inválido. Os formatos de arquivo válido PNG, JPG, JPEG',
      );
    }
    expect(calledNames(fetchMock)).not.toContain('publicaPostagemTimeline');
  });

  it('publishes a text post with its colour, as multipart like every post, and says so', async () => {
    const { fetchMock, composer } = await renderComposer();
    const user = userEvent.setup();
    await user.type(within(composer).getByLabelText('Texto da publicação'), 'Bom dia!');
    await user.click(within(composer).getByRole('radio', { name: 'Amarelo' }));
    await user.click(within(composer).getByRole('checkbox', { name: 'Permitir comentários' }));
    await user.click(within(composer).getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('Publicação salva com sucesso!')).toBeInTheDocument();
    expect(publishBodies(fetchMock)).toEqual([
      {
        textoPublicacao: 'Bom dia!',
        flPermiteComentarios: 'N',
        idAppTipoMensagem: '1',
        backgroundColor: '#fef3c7',
        flRascunho: 'N',
        idsGrupos: '10',
      },
    ]);
    expect(within(composer).getByLabelText('Texto da publicação')).toHaveValue('');
  });

  it('sends an image as multipart, with its preview first', async () => {
    const { fetchMock, composer } = await renderComposer();
    const user = userEvent.setup();
    await user.upload(within(composer).getByLabelText('Foto'), fileOf('foto.png', 'image/png'));
    expect(
      within(composer).getByRole('img', { name: 'Pré-visualização da imagem foto.png' }),
    ).toHaveAttribute('src', 'blob:preview');
    expect(within(composer).queryByRole('group', { name: 'Cor de fundo' })).not.toBeInTheDocument();
    await user.click(within(composer).getByRole('button', { name: 'Salvar como rascunho' }));
    expect(await screen.findByText('Publicação salva com sucesso!')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === '/backend/publicaPostagemTimeline');
    const form = call?.[1]?.body;
    expect(form).toBeInstanceOf(FormData);
    const fields = form as FormData;
    expect(fields.get('file')).toBeInstanceOf(File);
    expect((fields.get('file') as File).name).toBe('foto.png');
    expect(fields.get('idAppTipoMensagem')).toBe('3');
    expect(fields.get('flRascunho')).toBe('S');
    expect(fields.get('idsGrupos')).toBe('10');
    expect(fields.has('backgroundColor')).toBe(false);
    expect(within(composer).queryByRole('img')).not.toBeInTheDocument();
  });

  it('removes the chosen picture on request', async () => {
    const { composer } = await renderComposer();
    const user = userEvent.setup();
    await user.upload(within(composer).getByLabelText('Foto'), fileOf('foto.jpg', 'image/jpeg'));
    expect(
      within(composer).getByRole('img', { name: 'Pré-visualização da imagem foto.jpg' }),
    ).toBeInTheDocument();
    await user.click(within(composer).getByRole('button', { name: 'Remover mídia' }));
    expect(within(composer).queryByRole('img')).not.toBeInTheDocument();
    expect(within(composer).getByRole('group', { name: 'Cor de fundo' })).toBeInTheDocument();
  });

  it('embeds a YouTube link found in the text and drops it when the link goes', async () => {
    const { fetchMock, composer } = await renderComposer({}, { ...makeLoggedUser(), maximoCaracteres: 200 });
    const user = userEvent.setup();
    const text = within(composer).getByLabelText('Texto da publicação');
    await user.type(text, 'Veja https://youtu.be/dQw4w9WgXcQ');
    expect(within(composer).getByTitle('Pré-visualização do vídeo do YouTube')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    await user.clear(text);
    await user.type(text, 'Veja depois');
    expect(within(composer).queryByTitle('Pré-visualização do vídeo do YouTube')).not.toBeInTheDocument();
    await user.clear(text);
    await user.type(text, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await user.click(within(composer).getByRole('button', { name: 'Publicar' }));
    await screen.findByText('Publicação salva com sucesso!');
    expect(publishBodies(fetchMock)[0]).toMatchObject({
      idAppTipoMensagem: '5',
      urlYouTube: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
  });

  it("offers no poll: polls are the administration's, and the portal feed leaves them out", async () => {
    const { composer } = await renderComposer();
    expect(within(composer).queryByRole('button', { name: 'Criar enquete' })).not.toBeInTheDocument();
    expect(within(composer).queryByRole('group', { name: 'Opções da enquete' })).not.toBeInTheDocument();
    expect(within(composer).queryByText(/enquete/i)).not.toBeInTheDocument();
  });

  it('posts to 1 to 3 groups, the selected one by default', async () => {
    const user = makeLoggedUser();
    user.listGrupo.push(
      { idGrupo: 12, nome: 'Vendas', sigla: 'VND', urlFoto: null, flPadrao: 'N' },
      { idGrupo: 13, nome: 'RH', sigla: 'RH', urlFoto: null, flPadrao: 'N' },
    );
    user.idsGruposPermitePostar = [10, 11, 12, 13];
    const { fetchMock, composer } = await renderComposer({}, user);
    const actor = userEvent.setup();
    const groups = within(composer).getByRole('group', { name: 'Publicar nos grupos' });
    expect(within(groups).getByRole('checkbox', { name: 'Todos' })).toBeChecked();
    for (const name of ['Marketing', 'Vendas', 'RH'])
      await actor.click(within(groups).getByRole('checkbox', { name }));
    expect(within(groups).getByText('Selecione no máximo 3 grupos')).toBeInTheDocument();
    await actor.click(within(groups).getByRole('checkbox', { name: 'Todos' }));
    await actor.type(within(composer).getByLabelText('Texto da publicação'), 'Oi');
    await actor.click(within(composer).getByRole('button', { name: 'Publicar' }));
    await screen.findByText('Publicação salva com sucesso!');
    expect(publishBodies(fetchMock)[0]).toMatchObject({ idsGrupos: '11,12,13' });
  });

  it('keeps the post and says so when publishing fails, with the server reason beside the field', async () => {
    const { composer } = await renderComposer({
      publicaPostagemTimeline: () => ({
        status: 422,
        body: { message: 'Ops!', errors: { textoPublicacao: ['O texto deve ter no máximo 10 caracteres'] } },
      }),
    });
    const user = userEvent.setup();
    await user.type(within(composer).getByLabelText('Texto da publicação'), 'Oi');
    await user.click(within(composer).getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('Não foi possível enviar a publicação!')).toBeInTheDocument();
    expect(within(composer).getByText('O texto deve ter no máximo 10 caracteres')).toBeInTheDocument();
    expect(within(composer).getByLabelText('Texto da publicação')).toHaveValue('Oi');
    await waitFor(() => expect(within(composer).getByRole('button', { name: 'Publicar' })).toBeEnabled());
    // The reason goes as soon as its cause changes, not at the next try.
    await user.type(within(composer).getByLabelText('Texto da publicação'), '!');
    expect(within(composer).queryByText('O texto deve ter no máximo 10 caracteres')).not.toBeInTheDocument();
  });

  it('shows the publish loading flag while sending', async () => {
    let answer: (value: Response) => void = () => undefined;
    const { fetchMock, composer } = await renderComposer();
    const user = userEvent.setup();
    await user.type(within(composer).getByLabelText('Texto da publicação'), 'Oi');
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    await user.click(within(composer).getByRole('button', { name: 'Publicar' }));
    expect(within(composer).getByRole('button', { name: 'Publicar' })).toHaveAttribute('aria-busy', 'true');
    expect(within(composer).getByRole('button', { name: 'Salvar como rascunho' })).toBeDisabled();
    answer(new Response(JSON.stringify({ data: { postagem: makePost(1) } }), { status: 200 }));
    await waitFor(() =>
      expect(within(composer).getByRole('button', { name: 'Publicar' })).not.toHaveAttribute('aria-busy'),
    );
  });
});
