import type { ReactNode } from 'react';
import { TitledSection } from '#ui/titled-section.tsx';

/** One titled part of the survey editor (general, audience, settings, questions). */
export function EditorSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <TitledSection
      title={title}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      {children}
    </TitledSection>
  );
}
