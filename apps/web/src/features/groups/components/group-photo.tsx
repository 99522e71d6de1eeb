/** A group's photo, or its abbreviation in a circle when it has none (decorative: the name is beside it). */
export function GroupPhoto({
  group,
  size = 'sm',
}: {
  group: { urlFoto: string | null; sigla: string };
  size?: 'sm' | 'lg';
}) {
  const box = size === 'lg' ? 'size-16 text-base' : 'size-9 text-xs';
  return group.urlFoto ? (
    <img src={group.urlFoto} alt="" className={`${box} rounded-full object-cover`} />
  ) : (
    <span
      aria-hidden="true"
      className={`${box} flex items-center justify-center rounded-full bg-slate-200 font-semibold text-slate-800`}
    >
      {group.sigla}
    </span>
  );
}
