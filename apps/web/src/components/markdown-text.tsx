import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { ModelLink } from './model-link';
import './markdown-text.css';

/** Headings in an answer must not break the screen's outline: they become bold paragraphs. */
const heading: Components['h1'] = ({ node: _node, ...props }) => (
  <p className="markdown-text__heading">
    <strong {...props} />
  </p>
);

const components: Components = {
  // A chat panel would lose its conversation if an in-app link replaced the page.
  a: (props) => <ModelLink {...props} openInternalInNewTab />,
  h1: heading,
  h2: heading,
  h3: heading,
  h4: heading,
  h5: heading,
  h6: heading,
};

export interface MarkdownTextProps {
  children: string;
  className?: string;
}

/**
 * Text written by the AI (plain text or Markdown). Raw HTML is dropped (skipHtml), images are
 * not loaded and every link shows where it leads (ModelLink): nothing the model writes is
 * ever interpreted as HTML or passes off one site as another.
 */
export function MarkdownText({ children, className }: MarkdownTextProps) {
  return (
    <div className={['markdown-text', className ?? ''].filter(Boolean).join(' ')}>
      <Markdown
        remarkPlugins={[remarkGfm]}
        skipHtml
        disallowedElements={['img']}
        components={components}
      >
        {children}
      </Markdown>
    </div>
  );
}
