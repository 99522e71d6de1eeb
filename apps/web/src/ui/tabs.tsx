import * as TabsPrimitive from '@radix-ui/react-tabs';
import clsx from 'clsx';
import type { ReactNode } from 'react';

/** One tab: its value, its label and its panel. */
export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  /** The tab list's name for screen readers ('Dados do usuário'). */
  label: string;
  items: readonly TabItem[];
  /** The open tab, when the caller keeps it (in the URL, for example). */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  className?: string;
}

/**
 * Tabs on Radix: arrow keys move between tabs, Home and End jump to the ends, and each panel is
 * named by its tab.
 */
export function Tabs({ label, items, value, defaultValue, onValueChange, className }: TabsProps) {
  return (
    <TabsPrimitive.Root
      value={value}
      defaultValue={defaultValue ?? items[0]?.value}
      onValueChange={onValueChange}
      className={clsx('flex flex-col gap-4', className)}
    >
      <TabsPrimitive.List aria-label={label} className="flex overflow-x-auto border-b border-slate-300">
        {items.map((item) => (
          <TabsPrimitive.Trigger
            key={item.value}
            value={item.value}
            disabled={item.disabled}
            className={clsx(
              '-mb-px min-h-10 shrink-0 border-b-2 border-transparent px-4 py-2 text-sm font-medium whitespace-nowrap text-slate-700',
              'hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-primary-500',
              'disabled:cursor-not-allowed disabled:opacity-60',
              'data-[state=active]:border-primary-600 data-[state=active]:text-primary-ink',
            )}
          >
            {item.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {items.map((item) => (
        <TabsPrimitive.Content
          key={item.value}
          value={item.value}
          className="focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500"
        >
          {item.content}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
