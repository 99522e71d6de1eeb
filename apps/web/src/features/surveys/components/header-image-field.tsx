import { useMutation } from '@tanstack/react-query';
import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#lib/api-client.ts';
import { api } from '#lib/api.ts';
import { showErrorToast } from '#lib/show-error.ts';
import { Button } from '#ui/button.tsx';
import { filePickButtonClassName } from '#ui/file-field.tsx';

/**
 * The survey's header image: a file sent as soon as it is chosen (enviaImagemCabecalhoPesquisa),
 * its preview and its removal. A file the server refuses shows its message under the field
 * (through `onRefused`, so the editor keeps it with the other field errors); another failure is a
 * toast.
 */
export function HeaderImageField({
  url,
  error,
  onUploaded,
  onRefused,
  onRemove,
}: {
  url: string | null;
  error: string | undefined;
  onUploaded: (idMidia: number, url: string) => void;
  onRefused: (message: string) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const imageId = useId();
  const uploadImage = useMutation({
    mutationFn: (file: File) => api.enviaImagemCabecalhoPesquisa({ file }, { multipart: true }),
    onSuccess: (answer) => onUploaded(answer.idMidia, answer.url),
    onError: (failure) =>
      failure instanceof ApiError && failure.fieldErrors.file
        ? onRefused(failure.fieldErrors.file ?? '')
        : showErrorToast(failure),
  });

  const onImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) uploadImage.mutate(file);
  };

  return (
    <div className="flex flex-col gap-2">
      <span id={`${imageId}-label`} className="text-sm font-medium text-slate-800">
        {t('admin.surveys.editor.headerImage')}
      </span>
      {/* A hidden input behind a button in the portal's words, not the browser's 'Choose file'. */}
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={imageId}
          type="file"
          accept=".png,.jpg,.jpeg"
          onChange={onImage}
          disabled={uploadImage.isPending}
          aria-labelledby={`${imageId}-label`}
          aria-invalid={error ? true : undefined}
          className="peer sr-only"
        />
        <label
          htmlFor={imageId}
          className={filePickButtonClassName({ disabled: uploadImage.isPending, size: 'sm' })}
        >
          {t(url ? 'kit.image.change' : 'kit.image.choose')}
        </label>
      </div>
      {error && <p className="text-sm text-red-700">{error}</p>}
      {url && (
        <div className="flex flex-wrap items-end gap-3">
          <img
            src={url}
            alt={t('admin.surveys.editor.headerPreview')}
            className="max-h-32 rounded-md border border-slate-200"
          />
          <Button size="sm" variant="danger-tertiary" onClick={onRemove}>
            {t('admin.surveys.editor.removeImage')}
          </Button>
        </div>
      )}
    </div>
  );
}
