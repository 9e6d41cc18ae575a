import 'katex/dist/katex.min.css';
import Markdown, { type Components } from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import './lessons.css';

/**
 * The screen's own h1 is the topic name, so the lesson's headings move one level down and
 * the outline stays in order.
 */
const components: Components = {
  // Lesson links lead away from the app: never give the new page a handle on this one.
  a: ({ node: _node, ...props }) => <a {...props} rel="noopener noreferrer" />,
  h1: ({ node: _node, ...props }) => <h2 {...props} />,
  h2: ({ node: _node, ...props }) => <h3 {...props} />,
  h3: ({ node: _node, ...props }) => <h4 {...props} />,
  h4: ({ node: _node, ...props }) => <h5 {...props} />,
  h5: ({ node: _node, ...props }) => <h6 {...props} />,
};

export interface LessonContentProps {
  markdown: string;
}

/**
 * A lesson's Markdown with $inline$ and $$display$$ math rendered by KaTeX. Raw HTML in the
 * Markdown is dropped (skipHtml) and URLs go through react-markdown's safe-protocol filter.
 */
export function LessonContent({ markdown }: LessonContentProps) {
  return (
    <div className="lesson-content">
      <Markdown
        remarkPlugins={[remarkMath, remarkGfm]}
        rehypePlugins={[[rehypeKatex, { throwOnError: false, strict: 'ignore' }]]}
        skipHtml
        components={components}
      >
        {markdown}
      </Markdown>
    </div>
  );
}
