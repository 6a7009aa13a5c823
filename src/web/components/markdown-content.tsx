import { createElement } from 'react';
import { parseMarkdown, type Inline } from '../lib/markdown';
import { cn } from '../lib/utils';

function InlineContent({ parts }: { parts: Inline[] }) {
  return parts.map((part, index) => {
    if (part.kind === 'strong') return <strong key={index}>{part.text}</strong>;
    if (part.kind === 'code') {
      return (
        <code key={index} className="rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]">
          {part.text}
        </code>
      );
    }
    if (part.kind === 'link') {
      return (
        <a
          key={index}
          href={part.href}
          target="_blank"
          rel="noopener noreferrer"
          className="text-primary underline underline-offset-4"
        >
          {part.text}
        </a>
      );
    }
    return part.text;
  });
}

const HEADING_CLASS = ['text-base font-semibold', 'text-sm font-semibold', 'text-sm font-medium'] as const;

/**
 * Markdown from our own API rendered as React elements (lib/markdown: a small subset, no HTML).
 * `headingLevel` is the level of the surrounding heading: the content's top headings sit one below it.
 */
export function MarkdownContent({
  source,
  headingLevel,
  className,
}: {
  source: string;
  headingLevel: 1 | 2 | 3;
  className?: string;
}) {
  const blocks = parseMarkdown(source);
  const top = Math.min(...blocks.map((block) => (block.kind === 'heading' ? block.level : 3)));
  return (
    <div className={cn('grid gap-3 text-sm leading-relaxed', className)}>
      {blocks.map((block, index) => {
        if (block.kind === 'heading') {
          const tag = `h${Math.min(headingLevel + 1 + block.level - top, 6)}`;
          return createElement(
            tag,
            { key: index, className: HEADING_CLASS[block.level - 1] },
            <InlineContent parts={block.content} />,
          );
        }
        if (block.kind === 'list') {
          const items = block.items.map((item, at) => (
            <li key={at}>
              <InlineContent parts={item} />
            </li>
          ));
          return block.ordered ? (
            <ol key={index} className="grid list-decimal gap-1 pl-5">
              {items}
            </ol>
          ) : (
            <ul key={index} className="grid list-disc gap-1 pl-5">
              {items}
            </ul>
          );
        }
        return (
          <p key={index}>
            <InlineContent parts={block.content} />
          </p>
        );
      })}
    </div>
  );
}
