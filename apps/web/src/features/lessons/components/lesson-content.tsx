import 'katex/dist/katex.min.css';
import Markdown, { type Components } from 'react-markdown';
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { ModelLink } from '@/components/model-link';
import './lessons.css';

/**
 * The screen's own h1 is the topic name, so the lesson's headings move one level down and
 * the outline stays in order.
 */
const components: Components = {
  a: ModelLink,
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
 * Markdown is dropped (skipHtml), images are not loaded (a lesson is the model's text, and a
 * remote image could track the reader or show anything), and every link shows where it leads
 * (ModelLink). KaTeX keeps its default trust: false, so \href and \includegraphics stay inert.
 */
export function LessonContent({ markdown }: LessonContentProps) {
  return (
    <div className="lesson-content">
      <Markdown
        remarkPlugins={[remarkMath, remarkGfm]}
        rehypePlugins={[[rehypeKatex, { throwOnError: false, strict: 'ignore' }]]}
        skipHtml
        disallowedElements={['img']}
        components={components}
      >
        {markdown}
      </Markdown>
    </div>
  );
}
