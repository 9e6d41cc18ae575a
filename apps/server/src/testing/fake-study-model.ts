/**
 * The content half of the fake LLM provider: reads the prompt and the JSON schema a real AI
 * SDK sent and makes up a plausible, schema-valid study answer naming the topic.
 */

type Body = Record<string, unknown>;
type Schema = { type?: unknown; properties?: Record<string, Schema> };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Text of a message content: a string, or parts with `text` (OpenAI, Anthropic, Gemini). */
function partsText(content: unknown): string[] {
  if (typeof content === 'string') return [content];
  if (Array.isArray(content)) return content.flatMap((p) => partsText(isObject(p) ? p.text : p));
  return [];
}

/** The joined prompt text of all messages, system included, for any of the three dialects. */
export function promptText(body: Body): string {
  const messages = [
    ...(Array.isArray(body.messages) ? body.messages : []), // OpenAI, Anthropic
    ...(Array.isArray(body.contents) ? body.contents : []), // Gemini
  ];
  const system = isObject(body.systemInstruction) ? body.systemInstruction.parts : body.system;
  return [
    ...partsText(system),
    ...messages.flatMap((m) => (isObject(m) ? partsText(m.content ?? m.parts) : [])),
  ].join('\n');
}

/** The JSON schema of the structured output the SDK asked for, wherever its dialect puts it. */
export function requestedSchema(body: Body): Schema | undefined {
  const at = (v: unknown, ...path: string[]): unknown =>
    path.reduce<unknown>((o, k) => (isObject(o) ? o[k] : undefined), v);
  const tools = Array.isArray(body.tools) ? body.tools : [];
  const candidates = [
    at(body, 'response_format', 'json_schema', 'schema'), // OpenAI
    at(body, 'generationConfig', 'responseJsonSchema'), // Gemini
    at(body, 'generationConfig', 'responseSchema'),
    at(
      tools.find((t) => isObject(t) && t.name === 'json'),
      'input_schema',
    ), // Anthropic
    at(body, 'output_format', 'schema'),
  ];
  return candidates.find((s): s is Schema => isObject(s) && isObject(s.properties));
}

/** The `Topic: X` line of the prompt, or a neutral stand-in. */
export function topicOf(text: string): string {
  return /^Topic: *(.+)$/m.exec(text)?.[1]?.trim() || 'this topic';
}

function studyFields(topic: string): Record<string, unknown> {
  return {
    markdown: [
      `# ${topic}`,
      '',
      `${topic} is the subject of this lesson. Read each point, then say it in your own words.`,
      '',
      `- What ${topic} is and why it matters`,
      `- The main terms used with ${topic}`,
      `- One worked example of ${topic}`,
    ].join('\n'),
    overview: [
      `${topic} ties together a few core ideas that are worth learning in order.`,
      `Once the basics of ${topic} are clear, practise them with short, spaced reviews.`,
    ],
    keyPoints: [
      `The definition of ${topic}`,
      `How ${topic} connects to what you already know`,
      `A typical mistake about ${topic}`,
    ],
    checklist: [
      `Summarise ${topic} in three sentences`,
      `Write two flashcards about ${topic}`,
      `Explain ${topic} to a friend without notes`,
    ],
    reply:
      'Good question. Start with a short review of the key terms, then test yourself without ' +
      'looking at your notes. Space your reviews over the next few days, and spend most of your ' +
      'time on the points you got wrong. Short, regular sessions beat one long one.',
    answer: `According to the material, ${topic} is explained in passage p1.`,
    covered: true,
    passageIds: ['p1'],
    topics: [],
    cards: [],
    questions: [],
  };
}

const EMPTY_BY_TYPE: Record<string, unknown> = {
  string: '',
  number: 0,
  integer: 0,
  boolean: false,
  array: [],
  object: {},
};

/**
 * A valid object for the schema in the request: known study fields get made-up content naming
 * the topic, other fields an empty value of their type; a schema with no known field gets `{}`.
 */
export function studyAnswer(body: Body): Record<string, unknown> {
  const properties = requestedSchema(body)?.properties ?? {};
  const fields = studyFields(topicOf(promptText(body)));
  const names = Object.keys(properties);
  if (!names.some((n) => n in fields)) return {};
  return Object.fromEntries(
    names.map((n) => {
      const type = String(properties[n]?.type ?? '').toLowerCase(); // Gemini says "STRING"
      return [n, n in fields ? fields[n] : EMPTY_BY_TYPE[type]];
    }),
  );
}
