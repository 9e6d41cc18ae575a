import type { BuiltinTexts } from './texts.js';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The builtin engine's fixed texts in English. */
export const en: BuiltinTexts = {
  locale: 'en-GB',
  cards: {
    definition: (term, article, isPlural) => `What ${isPlural ? 'are' : 'is'} ${article}${term}?`,
    term: (definition) => `Which term is described here: “${definition}”?`,
    fillBlank: (sentence) => `Fill in the blank: ${sentence}`,
    why: (effect) => `Why is it so: “${effect}”?`,
    order: (leadIn) => `Which is the right order? ${leadIn}`,
    apply: (formula, target, givens) =>
      `Using ${formula}, what is ${target} when ${new Intl.ListFormat('en-GB').format(givens)}?`,
  },
  lessonHelper: {
    noMaterial: (title) =>
      `“${title}” has no material I can work from yet. Add notes to the topic or upload files to the subject, and I can summarise them and answer questions about them.`,
    keyPointsIntro: (title) =>
      `Here are the key points of “${title}”, straight from your material:`,
    askAbout: (first, second) =>
      `Ask me about any of them, for example “What is ${first}?”${second ? ` or “Explain ${second}”` : ''}. Then test yourself with the flashcards and the quiz.`,
    testYourself: 'Test yourself with the flashcards and the quiz.',
    notFound: (title) =>
      `I couldn’t find that in “${title}” or in this subject’s files, so I won’t guess: I only answer from your own material.`,
    covers: (terms) => `This lesson covers, among other things: ${terms}.`,
    tryChat: 'For general study questions, try the chat assistant.',
    fromMaterial: 'From your material:',
  },
  deepDive: {
    drawnFrom: (names) => `Drawn from your material: ${names}.`,
    nameOnly:
      'This checklist comes from the topic name alone. Upload your notes to get key points drawn from your own material.',
    keyPoints: 'Key points',
    checklist: 'Study checklist',
    workThrough: (heading) => `Work through “${heading}” and summarise it in three sentences.`,
    explainTerm: (term) => `Explain “${term}” in your own words, without notes.`,
    writeDown: (topic) =>
      `Write down what you already know about ${topic}, then check it against your notes.`,
    solveExample: 'Solve or explain one example without looking, then compare.',
    reviewAgain: 'Review this topic again in two days, then in a week.',
  },
  lesson: {
    nameOnly: 'This lesson was made from the topic name only: there are no notes for it yet.',
    addNotes: 'Add notes or upload material to the topic to get a lesson drawn from them.',
    keyPoints: 'Key points',
    formulas: 'Formulas',
    checkYourself: 'Check yourself',
    explainTopic: (topic) => `Explain ${topic} in your own words in three sentences.`,
    termMeaning: (term) => `What does “${term}” mean here, and why does it matter?`,
    cause: (effect) => `Why is it so: “${effect}”? Answer from your notes.`,
    compare: (a, b) => `How does ${a} differ from ${b}? Name two differences.`,
    hardest: (topic) =>
      `Which part of ${topic} would you find hardest in an exam? Practise it first.`,
  },
  chat: {
    crisis: [
      'I’m really sorry you’re feeling this way. You deserve support right now, and you don’t have to go through this alone.',
      '',
      '- **If you are in danger or might act on these thoughts, call your local emergency number now** (112 in the EU, 911 in the US, 999 in the UK).',
      '- **Talk to a crisis line**: in the US call or text 988; in the UK and Ireland call Samaritans on 116 123; elsewhere, findahelpline.com lists free, confidential lines in your country.',
      '- **Tell someone you trust** today: a friend, family member, teacher or your school’s counselling service.',
      '',
      'I’m a study assistant, not a counsellor, so please reach out to one of these. Your studies can wait; you matter more.',
    ].join('\n'),
    capabilities: [
      'I’m StudyBuddy’s built-in study assistant. I run on this server without an AI model, so I don’t make things up: I answer from your own study plan and from a small set of study and well-being guides written for this app. I can:',
      '',
      '- tell you **what to study today** or tomorrow, and what is on your calendar **this week**;',
      '- check **whether you are on track** for a subject (“am I on track for Chemistry?”) and how long until a **deadline**;',
      '- share **study techniques**: active recall, spaced repetition, Pomodoro, interleaving, note-taking, planning, catching up;',
      '- offer **well-being tips** on stress, exam anxiety, sleep, burnout, motivation, procrastination and focus.',
      '',
      'For questions about a lesson’s content, use the **AI helper on the lesson screen**: it answers from that lesson and your files.',
    ].join('\n'),
    noPlan:
      'You have no active study plan with sessions yet, so I can’t see your schedule. Create a plan (or run the smart scheduler and accept its proposal) and I can tell you what to study each day and whether you are on track.',
    greeting:
      'Hi! I can tell you what to study today, check whether you are on track for a subject, or share study and well-being tips. What would you like?',
    thanks: 'You’re welcome. Good luck with your studying!',
    emptyReply: 'Sorry, I did not understand that.',
    fallback: [
      'I’m not able to answer that. I’m the built-in assistant: I have no AI model, so I only answer from your study plan and from study and well-being guides, and I won’t guess.',
      '',
      'Try asking: “What should I study today?”, “Am I on track for <subject>?”, “What’s on this week?”, “When is my next session?”, “How do I deal with exam stress?” or “What is spaced repetition?”. For questions about a lesson, use the AI helper on the lesson screen.',
    ].join('\n'),
    checkIn: 'That sounds like a lot. How are you holding up otherwise?',
    stressTip: 'That sounds stressful, by the way. If you want tips on exam stress, just ask.',
    today: 'Today',
    tomorrow: 'Tomorrow',
    daySessions: (label, date, count, hours) =>
      `${label} (${date}) you have ${plural(count, 'study session', 'study sessions')}, ${hours} in all:`,
    allBehind: 'They are all behind you: well done, time to rest.',
    nothingOn: (label, date) => `Nothing is on your calendar ${label.toLowerCase()} (${date}).`,
    nextSession: (subject, topic, date, time) =>
      `Your next session is **${subject}**${topic ? `: ${topic}` : ''} on ${date} at ${time}.`,
    pickAnyway: (subject, left, total, deadline) =>
      `If you want to study anyway, **${subject}** is a good pick: ${left} of its ${total} topics are still open${deadline ? `, and its deadline is ${deadline}` : ''}.`,
    weekNone: (from, to) => `You have no study sessions in the next 7 days (${from} to ${to}).`,
    weekSessions: (count, hours) =>
      `In the next 7 days you have ${plural(count, 'session', 'sessions')}, ${hours} in all:`,
    busyLine: (title, start, end) => `Busy: ${title}, ${start}–${end}`,
    trackHours: (done, needed) =>
      `Hours done: ${done} of the ${needed} needed (as in “Will you be ready?” on your dashboard).`,
    trackTopics: (done, total) => `Topics completed: ${done} of ${total}.`,
    trackSessions: (past, count, pastHours, totalHours) =>
      `Sessions: ${past} of ${count} are behind you (${pastHours} of ${totalHours} planned).`,
    deadlineIn: (date, days) => `Deadline: ${date}, in ${plural(days, 'day', 'days')}.`,
    deadlinePassed: (date) => `The deadline (${date}) has passed.`,
    noTopics:
      'This subject has no topics yet, so I can’t measure progress. Add its topics and tick them off as you finish them.',
    allDone:
      'Every topic is marked complete: you are on track. Keep reviewing with flashcards until the exam.',
    readinessVerdict: (planned, short, status) =>
      status === 'on-track'
        ? `“Will you be ready?” on your dashboard says **On track**: the ${planned} still planned before the exam cover what is left.`
        : status === 'at-risk'
          ? `“Will you be ready?” on your dashboard says **At risk**: with the ${planned} still planned you would be ${short} short. Keep to every session, or add one before the exam.`
          : `“Will you be ready?” on your dashboard says **Behind**: even with the ${planned} still planned you would be ${short} short. Add sessions before the exam, or let your plan catch up.`,
    onTrack: (done, expected) =>
      `You are on track: ${done}% of the topics are done and ${expected}% of the planned study time has passed.`,
    behind: (expected, done, topics) =>
      `You are behind: ${expected}% of the planned study time has passed but only ${done}% of the topics are done (about ${plural(topics, 'topic', 'topics')} behind). Tick topics off as you finish them; if you are really behind, add a session or two before the deadline.`,
    noNextSession:
      'No study session is coming up on your calendar. Plan one from the calendar, or run the smart scheduler.',
    noNextSessionFor: (name) => `No session of **${name}** is coming up on your calendar.`,
    noDeadlines: 'None of your active plans has a deadline set.',
    deadlinesHeading: 'Your deadlines:',
    deadlineLine: (plan, subjects, date, days) =>
      `**${plan}** (${subjects}): ${date}, ${days >= 0 ? `in ${plural(days, 'day', 'days')}` : 'passed'}.`,
    unknownSubject: (name, subjects) =>
      `I can’t find a subject called “${name}” in your active plans. Your subjects are: ${subjects}.`,
  },
  intents: {
    crisis:
      / (kill(ing)? myself|suicid[a-z]*|end (it all|my life)|take my (own )?life|want(ed)? to die|wish i (was|were) dead|better off dead|self ?harm[a-z]*|hurt(ing)? myself|cut(ting)? myself|no reason to live|don ?t want to (live|be alive|exist)) /,
    distress: / (killing me|dying (of|from)|i ?m dead|kill me now|want to die of) /,
    track: / (on track|behind|ahead|progress|how( ?m| am) i doing) /,
    tomorrow: / tomorrow /,
    today:
      / (today|tonight|right now) | what should i (study|do|work on|revise|learn) | what( ?s| is) (on )?(my )?(plan|schedule|calendar) /,
    week: / (this|next|the) week | weekly /,
    next: / next (study )?(session|lesson|block)|when (do|will|should) i (next )?(study|revise|work on|do) |when is my next /,
    deadline:
      / (deadlines?|exam date|when is my (next )?exam|how (many|long) (days )?(until|till|before|left)) /,
    capabilities:
      / (what can you do|who are you|what are you|are you (an? )?(ai|bot|robot|human|real|chatgpt)|how do you work) |^ help $/,
    greeting: /^ (hi|hello|hey|hiya|good (morning|afternoon|evening)|yo) /,
    thanks: / (thanks|thank you|thx|cheers) /,
    more: / (more|another|else|other|again|explain) /,
    followUp: /^\s*(?:what about|how about|and)\s+/i,
    namedSubject: /\b(?:for|in|with|on)\s+(\p{Lu}[\p{L}-]+(?:\s+\p{Lu}[\p{L}-]+)*)/u,
  },
};
