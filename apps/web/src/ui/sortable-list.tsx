import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ComponentProps, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';

/** The translations of a sortable list's announcements (each list words its items its own way). */
export type SortableTexts = 'admin.announcementsAdmin.dnd' | 'admin.surveys.editor.dnd';

/** Props a drag handle takes from its item: put them on the handle's button. */
export type DragHandleProps = ComponentProps<'button'> & { ref?: Ref<HTMLButtonElement> };

/**
 * A list reordered by dragging, with the pointer or the keyboard (Space picks up, the arrows move,
 * Space drops, Escape cancels), each step told to screen readers. `texts` is the prefix of the
 * translations `picked`, `over`, `dropped`, `cancelled` and `instructions`; they get the item's
 * place as `number` and the target's as `to`. `onMove` gets the item's index and its new index.
 */
export function SortableList<Id extends UniqueIdentifier>({
  ids,
  onMove,
  texts,
  placeOf = (index) => index + 1,
  children,
}: {
  ids: readonly Id[];
  onMove: (from: number, to: number) => void;
  texts: SortableTexts;
  /** The place an index shows (a page of a longer list starts further on). */
  placeOf?: (index: number) => number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const indexOf = (id: UniqueIdentifier) => ids.indexOf(id as Id);
  const placeOfId = (id: UniqueIdentifier) => placeOf(indexOf(id));
  const announcements: Announcements = {
    onDragStart: ({ active }) => t(`${texts}.picked`, { number: placeOfId(active.id) }),
    // Over its own place right after being picked up: the pick-up message says enough.
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id
        ? t(`${texts}.over`, { number: placeOfId(active.id), to: placeOfId(over.id) })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t(`${texts}.dropped`, { number: placeOfId(active.id), to: placeOfId(over.id) }) : undefined,
    onDragCancel: ({ active }) => t(`${texts}.cancelled`, { number: placeOfId(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(indexOf(active.id), indexOf(over.id));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t(`${texts}.instructions`) } }}
    >
      <SortableContext items={[...ids]} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** An item of a SortableList: a list item that moves, handing its handle's props to its content. */
export function SortableItem({
  id,
  children,
}: {
  id: UniqueIdentifier;
  children: (handle: DragHandleProps) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={isDragging ? 'relative z-10 opacity-90' : undefined}
    >
      {children({ ...attributes, ...listeners, ref: setActivatorNodeRef })}
    </li>
  );
}

/** The button that drags an item of a SortableList (⠿), named for screen readers. */
export function DragHandle({ handle, label }: { handle: DragHandleProps; label: string }) {
  return (
    <button
      type="button"
      {...handle}
      aria-label={label}
      className="cursor-grab touch-none rounded-md border border-slate-300 px-2 py-1 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary-500"
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
}

/**
 * ↑ and ↓, which move an item of a sortable list one place without dragging; the first item's ↑
 * and the last one's ↓ are disabled. `onMove` gets the item's new index.
 */
export function MoveButtons({
  index,
  total,
  onMove,
  upLabel,
  downLabel,
  upRef,
  downRef,
}: {
  index: number;
  total: number;
  onMove: (to: number) => void;
  upLabel: string;
  downLabel: string;
  upRef?: Ref<HTMLButtonElement>;
  downRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <>
      <Button
        ref={upRef}
        size="sm"
        variant="tertiary"
        disabled={index === 0}
        aria-label={upLabel}
        onClick={() => onMove(index - 1)}
      >
        ↑
      </Button>
      <Button
        ref={downRef}
        size="sm"
        variant="tertiary"
        disabled={index === total - 1}
        aria-label={downLabel}
        onClick={() => onMove(index + 1)}
      >
        ↓
      </Button>
    </>
  );
}
