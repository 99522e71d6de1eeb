import { limits } from '@elo/contract/limits';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ImageField, type ImageDimensions } from './image-field.tsx';

// jsdom decodes no images: the browser's decoder is stood in for by sizes named per file.
const decodedSizes = new Map<string, { width: number; height: number }>([
  ['grupo.png', { width: 260, height: 260 }],
  ['grande.png', { width: 300, height: 300 }],
  ['post.jpg', { width: 1200, height: 800 }],
  ['pequena.jpg', { width: 700, height: 400 }],
  ['enorme.jpg', { width: 4000, height: 3000 }],
]);

beforeEach(() => {
  vi.stubGlobal('createImageBitmap', async (file: File) => {
    const size = decodedSizes.get(file.name);
    if (!size) throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
    return { ...size, close: () => undefined };
  });
  vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => `blob:${(file as File).name}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  return () => vi.unstubAllGlobals();
});

function Harness({
  dimensions,
  currentUrl = null,
}: {
  dimensions: ImageDimensions;
  currentUrl?: string | null;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [saved, setSaved] = useState(currentUrl);
  return (
    <ImageField
      label="Foto do grupo"
      accept={['png', 'jpg', 'jpeg']}
      maxBytes={limits.mediaMaxBytes}
      dimensions={dimensions}
      value={file}
      currentUrl={saved}
      onChange={(next) => {
        setFile(next);
        if (!next) setSaved(null);
      }}
    />
  );
}

const png = (name: string) => new File(['png'], name, { type: 'image/png' });
const jpg = (name: string) => new File(['jpg'], name, { type: 'image/jpeg' });

describe('ImageField', { timeout: 20_000 }, () => {
  it('takes an image of the exact size and previews it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness dimensions={{ exact: { width: 260, height: 260 } }} />);
    const input = screen.getByLabelText('Foto do grupo');
    expect(input).toHaveAccessibleDescription(/Exatamente 260x260 pixels\./);
    await user.upload(input, png('grupo.png'));
    expect(await screen.findByRole('img', { name: 'Pré-visualização: Foto do grupo' })).toHaveAttribute(
      'src',
      'blob:grupo.png',
    );
    expect(screen.getByText('Trocar imagem')).toBeInTheDocument();
  });

  it('previews a photo the server crops as the centred square it will store, not the whole picture', async () => {
    const user = userEvent.setup({ applyAccept: false });
    function SquareHarness() {
      const [file, setFile] = useState<File | null>(null);
      return (
        <ImageField
          label="Foto"
          accept={['png', 'jpg', 'jpeg']}
          maxBytes={limits.mediaMaxBytes}
          square
          value={file}
          onChange={setFile}
        />
      );
    }
    render(<SquareHarness />);
    await user.upload(screen.getByLabelText('Foto'), jpg('post.jpg'));
    const preview = await screen.findByRole('img', {
      name: 'Pré-visualização: Foto, recortada no quadrado central que será guardado',
    });
    expect(preview).toHaveAttribute('src', 'blob:post.jpg');
    // A 1200x800 picture shown as the server keeps it: a square box the image covers from its centre.
    expect(preview).toHaveClass('aspect-square', 'object-cover', 'object-center');
    expect(preview).not.toHaveClass('object-contain');
  });

  it('refuses an image of another size, naming the size it must have', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness dimensions={{ exact: { width: 260, height: 260 } }} />);
    await user.upload(screen.getByLabelText('Foto do grupo'), png('grande.png'));
    expect(await screen.findByText('A imagem deve ter exatamente 260x260 pixels')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('holds an image to a range of sizes', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness dimensions={{ min: { width: 750, height: 405 }, max: { width: 1920, height: 1080 } }} />);
    const input = screen.getByLabelText('Foto do grupo');
    expect(input).toHaveAccessibleDescription(/De 750x405 a 1920x1080 pixels\./);
    await user.upload(input, jpg('pequena.jpg'));
    expect(await screen.findByText('A imagem deve ter no mínimo 750x405 pixels')).toBeInTheDocument();
    await user.upload(input, jpg('enorme.jpg'));
    expect(await screen.findByText('A imagem deve ter no máximo 1920x1080 pixels')).toBeInTheDocument();
    await user.upload(input, jpg('post.jpg'));
    expect(await screen.findByRole('img', { name: 'Pré-visualização: Foto do grupo' })).toBeInTheDocument();
    expect(screen.queryByText(/A imagem deve ter/)).not.toBeInTheDocument();
  });

  it('refuses files by type, size and content, with the spec’s messages', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness dimensions={{ exact: { width: 260, height: 260 } }} />);
    const input = screen.getByLabelText('Foto do grupo');
    await user.upload(input, new File(['gif'], 'anima.gif', { type: 'image/gif' }));
    expect(
      await screen.findByText('Arquivo inválido. Os formatos de arquivo válido PNG, JPG, JPEG'),
    ).toBeInTheDocument();
    const huge = png('grupo.png');
    Object.defineProperty(huge, 'size', { value: limits.mediaMaxBytes + 1 });
    await user.upload(input, huge);
    expect(
      await screen.findByText('Arquivo inválido. O limite de tamanho de arquivo é 60MB'),
    ).toBeInTheDocument();
    await user.upload(input, png('falsa.png'));
    expect(await screen.findByText('O arquivo não é uma imagem válida')).toBeInTheDocument();
  });

  it('shows the saved image and removes it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(
      <Harness dimensions={{ exact: { width: 260, height: 260 } }} currentUrl="/backend/midia/1/grupo.png" />,
    );
    expect(screen.getByRole('img', { name: 'Pré-visualização: Foto do grupo' })).toHaveAttribute(
      'src',
      '/backend/midia/1/grupo.png',
    );
    await user.click(screen.getByRole('button', { name: 'Remover imagem' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('Escolher imagem')).toBeInTheDocument();
  });
});
