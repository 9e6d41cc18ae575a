import 'katex/dist/katex.min.css';
import Markdown, { type Components } from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';
import { mathParts } from '@/lib/math-parts';

// A formula sits inside the card's sentence: Markdown's paragraph becomes a span.
const components: Components = {
  p: ({ node: _node, ...props }) => <span {...props} />,
};

export interface MathTextProps {
  text: string;
}

/**
 * A card's or question's plain text with its formulas ($…$, $$…$$) rendered by KaTeX, as a
 * lesson renders them; everything else stays text, never read as Markdown or HTML. Each formula
 * goes through the lesson's own pipeline (remark-math, rehype-katex; KaTeX's trust stays false).
 */
export function MathText({ text }: MathTextProps) {
  return (
    <>
      {mathParts(text).map((part) =>
        part.math ? (
          <Markdown
            key={part.start}
            remarkPlugins={[remarkMath]}
            rehypePlugins={[[rehypeKatex, { throwOnError: false, strict: 'ignore' }]]}
            skipHtml
            components={components}
          >
            {part.text}
          </Markdown>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
