import type { ReactNode } from 'react';

const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/**
 * The parts of a result's `trecho`: the server escapes everything and marks the matched words
 * with `<mark>`; the page turns that back into text and `<mark>` elements, never into HTML it
 * would insert as such (no HTML from users is ever rendered as HTML).
 */
export function excerptParts(trecho: string): { text: string; marked: boolean }[] {
  return trecho
    .split(/(<mark>.*?<\/mark>)/g)
    .filter((part) => part !== '')
    .map((part) => {
      const marked = part.startsWith('<mark>') && part.endsWith('</mark>');
      const raw = marked ? part.slice(6, -7) : part;
      return { text: raw.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => entities[entity]!), marked };
    });
}

/** A result's excerpt with its matched words highlighted. */
export function Excerpt({ trecho, className }: { trecho: string; className?: string }) {
  const parts: ReactNode[] = excerptParts(trecho).map((part, index) =>
    part.marked ? (
      <mark key={index} className="rounded-sm bg-amber-100 px-0.5 text-font-primary">
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
  return <span className={className}>{parts}</span>;
}
