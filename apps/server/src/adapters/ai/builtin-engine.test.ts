import { describe, expect, it } from 'vitest';
import { createBuiltinEngine, keySentences } from './builtin-engine.js';

const notes = `# Derivatives
The derivative of a function measures its rate of change. For example $f'(x) = 2x$ when $f(x) = x^2$.
A tangent line touches the curve at one point. Limits are the foundation of the derivative.
The weather was nice that day.`;

describe('builtin engine', () => {
  it('picks sentences about the topic from the material and keeps formulas intact', () => {
    const points = keySentences(notes, 'derivative');
    expect(points[0]).toContain('rate of change');
    expect(points.join(' ')).toContain("$f'(x) = 2x$");
    expect(points.join(' ')).not.toContain('weather');
  });

  it('writes a deep dive whose text is escaped and names its sources', async () => {
    const engine = createBuiltinEngine();
    const { value } = await engine.deepDive({
      subjectName: 'Maths',
      topicName: 'Derivatives <script>',
      prompt: '',
      sources: [{ name: 'notes<b>.md', text: notes }],
    });
    expect(value).toContain('&lt;script&gt;');
    expect(value).toContain('notes&lt;b&gt;.md');
    expect(value).not.toMatch(/<script|<b>/);
    expect(value).toContain('Work through “Derivatives”');
  });

  it('says honestly when a lesson comes from the name only', async () => {
    const { value } = await createBuiltinEngine().lesson({
      subjectName: 'Maths',
      topicName: 'Limits',
      content: null,
    });
    expect(value).toContain('# Limits');
    expect(value).toContain('topic name only');
  });

  it('builds a lesson from HTML content with the math as written', async () => {
    const { value } = await createBuiltinEngine().lesson({
      subjectName: 'Maths',
      topicName: 'Derivatives',
      content: `<p>${notes.replace(/\n/g, '</p><p>')}</p>`,
    });
    expect(value).toContain('## Key points');
    expect(value).toContain('$f(x) = x^2$');
    expect(value).toContain('## Formulas');
  });
});
