import { segmentMessage } from '../message-segments.ts';

/**
 * A message's text as React text nodes: links that pass the spec's rule become anchors (opened
 * in a new tab, without referrer or opener), mentions are highlighted; nothing is parsed as HTML.
 */
export function MessageText({ text, mentionedNames }: { text: string; mentionedNames: readonly string[] }) {
  return (
    <p className="break-words whitespace-pre-wrap">
      {segmentMessage(text, mentionedNames).map((segment, index) => {
        if (segment.kind === 'link') {
          return (
            <a
              key={index}
              href={segment.href}
              target="_blank"
              rel="noopener noreferrer"
              className="underline underline-offset-2"
            >
              {segment.text}
            </a>
          );
        }
        if (segment.kind === 'mention') {
          return (
            <strong key={index} className="font-semibold">
              {segment.text}
            </strong>
          );
        }
        return <span key={index}>{segment.text}</span>;
      })}
    </p>
  );
}
