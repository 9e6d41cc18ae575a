import type { BuiltinTexts } from './texts.js';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The builtin engine's fixed texts in German. */
export const de: BuiltinTexts = {
  locale: 'de-DE',
  cards: {
    definition: (term) => `Was bedeutet „${term}“?`,
    term: (definition) => `Welcher Begriff wird hier beschrieben: „${definition}“?`,
    fillBlank: (sentence) => `Ergänze die Lücke: ${sentence}`,
    why: (effect) => `Warum ist das so: „${effect}“?`,
    order: (leadIn) => `Welche Reihenfolge stimmt? ${leadIn}`,
    apply: (formula, target, givens) =>
      `Mit der Formel ${formula}: Wie groß ist ${target}, wenn ${new Intl.ListFormat('de').format(givens)}?`,
  },
  lessonHelper: {
    noMaterial: (title) =>
      `„${title}“ hat noch kein Material, mit dem ich arbeiten kann. Füge dem Thema Notizen hinzu oder lade Dateien zum Fach hoch, dann kann ich sie zusammenfassen und Fragen dazu beantworten.`,
    keyPointsIntro: (title) =>
      `Hier sind die wichtigsten Punkte von „${title}“, direkt aus deinem Material:`,
    askAbout: (first, second) =>
      `Frag mich zu jedem davon, zum Beispiel „Was ist ${first}?“${second ? ` oder „Erkläre ${second}“` : ''}. Teste dich danach mit den Karteikarten und dem Quiz.`,
    testYourself: 'Teste dich mit den Karteikarten und dem Quiz.',
    notFound: (title) =>
      `Das habe ich weder in „${title}“ noch in den Dateien dieses Fachs gefunden, deshalb rate ich nicht: Ich antworte nur aus deinem eigenen Material.`,
    covers: (terms) => `Diese Lektion behandelt unter anderem: ${terms}.`,
    tryChat: 'Für allgemeine Fragen zum Lernen nutze den Chat-Assistenten.',
    fromMaterial: 'Aus deinem Material:',
  },
  deepDive: {
    drawnFrom: (names) => `Aus deinem Material: ${names}.`,
    nameOnly:
      'Diese Checkliste beruht nur auf dem Namen des Themas. Lade deine Notizen hoch, um wichtige Punkte aus deinem eigenen Material zu erhalten.',
    keyPoints: 'Wichtige Punkte',
    checklist: 'Lern-Checkliste',
    workThrough: (heading) => `Arbeite „${heading}“ durch und fasse es in drei Sätzen zusammen.`,
    explainTerm: (term) => `Erkläre „${term}“ in eigenen Worten, ohne Notizen.`,
    writeDown: (topic) =>
      `Schreib auf, was du schon über das Thema „${topic}“ weißt, und vergleiche es dann mit deinen Notizen.`,
    solveExample: 'Löse oder erkläre ein Beispiel, ohne nachzusehen, und vergleiche dann.',
    reviewAgain: 'Wiederhole dieses Thema in zwei Tagen und dann noch einmal in einer Woche.',
  },
  lesson: {
    nameOnly:
      'Diese Lektion wurde nur aus dem Namen des Themas erstellt: Es gibt noch keine Notizen dazu.',
    addNotes:
      'Füge dem Thema Notizen oder Material hinzu, um eine Lektion zu erhalten, die darauf aufbaut.',
    keyPoints: 'Wichtige Punkte',
    formulas: 'Formeln',
    checkYourself: 'Teste dich selbst',
    explainTopic: (topic) => `Erkläre das Thema „${topic}“ in eigenen Worten in drei Sätzen.`,
    termMeaning: (term) => `Was bedeutet „${term}“ hier, und warum ist es wichtig?`,
    cause: (effect) => `Warum ist das so: „${effect}“? Antworte aus deinen Notizen.`,
    compare: (a, b) => `Worin unterscheidet sich „${a}“ von „${b}“? Nenne zwei Unterschiede.`,
    hardest: (topic) =>
      `Welcher Teil des Themas „${topic}“ wäre in einer Prüfung für dich am schwierigsten? Übe ihn zuerst.`,
  },
  chat: {
    crisis: [
      'Es tut mir wirklich leid, dass es dir so geht. Du verdienst jetzt Unterstützung, und du musst das nicht allein durchstehen.',
      '',
      '- **Wenn du in Gefahr bist oder diesen Gedanken folgen könntest, ruf jetzt den Notruf an** (112 in der EU, 911 in den USA).',
      '- **Sprich mit einem Krisendienst**: In Deutschland erreichst du die TelefonSeelsorge kostenlos und rund um die Uhr unter 0800 111 0 111 oder 0800 111 0 222; anderswo findest du auf findahelpline.com kostenlose, vertrauliche Angebote in deinem Land.',
      '- **Erzähl es heute jemandem, dem du vertraust**: einer Freundin oder einem Freund, der Familie, einer Lehrkraft oder der Beratungsstelle deiner Schule oder Hochschule.',
      '',
      'Ich bin ein Lernassistent und kein Therapeut, also wende dich bitte an eine dieser Stellen. Dein Lernen kann warten; du bist wichtiger.',
    ].join('\n'),
    capabilities: [
      'Ich bin der eingebaute Lernassistent von StudyBuddy. Ich laufe auf diesem Server ohne KI-Modell, deshalb erfinde ich nichts: Ich antworte aus deinem eigenen Lernplan und aus einer kleinen Sammlung von Lern- und Wohlfühl-Ratgebern, die für diese App geschrieben wurden. Ich kann:',
      '',
      '- dir sagen, **was du heute** oder morgen lernen solltest und was **diese Woche** in deinem Kalender steht;',
      '- prüfen, **ob du im Plan bist** für ein Fach („Bin ich in Chemie im Plan?“) und wie lange es bis zu einer **Frist** ist;',
      '- **Lerntechniken** erklären: aktives Abrufen, verteilte Wiederholung, Pomodoro, verschachteltes Üben, Notizen, Planung, Aufholen;',
      '- **Tipps zum Wohlbefinden** geben: Stress, Prüfungsangst, Schlaf, Burnout, Motivation, Aufschieben und Konzentration.',
      '',
      'Für Fragen zum Inhalt einer Lektion nutze den **KI-Helfer auf der Lektionsseite**: Er antwortet aus dieser Lektion und deinen Dateien.',
    ].join('\n'),
    noPlan:
      'Du hast noch keinen aktiven Lernplan mit Einheiten, deshalb sehe ich deinen Zeitplan nicht. Erstelle einen Plan (oder lass den intelligenten Planer laufen und übernimm seinen Vorschlag), dann kann ich dir sagen, was du jeden Tag lernen solltest und ob du im Plan bist.',
    greeting:
      'Hallo! Ich kann dir sagen, was du heute lernen solltest, prüfen, ob du in einem Fach im Plan bist, oder Tipps zum Lernen und Wohlbefinden geben. Was möchtest du?',
    thanks: 'Gern geschehen. Viel Erfolg beim Lernen!',
    emptyReply: 'Entschuldigung, das habe ich nicht verstanden.',
    fallback: [
      'Darauf kann ich nicht antworten. Ich bin der eingebaute Assistent: Ich habe kein KI-Modell, deshalb antworte ich nur aus deinem Lernplan und aus Ratgebern zum Lernen und Wohlbefinden, und ich rate nicht.',
      '',
      'Frag zum Beispiel: „Was soll ich heute lernen?“, „Bin ich in <Fach> im Plan?“, „Was steht diese Woche an?“, „Wann ist meine nächste Einheit?“, „Wie gehe ich mit Prüfungsstress um?“ oder „Was ist verteilte Wiederholung?“. Für Fragen zu einer Lektion nutze den KI-Helfer auf der Lektionsseite.',
    ].join('\n'),
    checkIn: 'Das klingt nach ziemlich viel. Wie geht es dir sonst?',
    stressTip:
      'Das klingt übrigens stressig. Wenn du Tipps gegen Prüfungsstress möchtest, frag einfach.',
    today: 'Heute',
    tomorrow: 'Morgen',
    daySessions: (label, date, count, hours) =>
      `${label} (${date}) hast du ${plural(count, 'Lerneinheit', 'Lerneinheiten')}, insgesamt ${hours}:`,
    allBehind: 'Die hast du alle geschafft: gut gemacht, Zeit zum Ausruhen.',
    nothingOn: (label, date) => `${label} (${date}) steht nichts in deinem Kalender.`,
    nextSession: (subject, topic, date, time) =>
      `Deine nächste Einheit ist **${subject}**${topic ? `: ${topic}` : ''} am ${date} um ${time}.`,
    pickAnyway: (subject, left, total, deadline) =>
      `Wenn du trotzdem lernen möchtest, ist **${subject}** eine gute Wahl: ${left} von ${total} Themen sind noch offen${deadline ? `, und die Frist ist am ${deadline}` : ''}.`,
    weekNone: (from, to) =>
      `Du hast in den nächsten 7 Tagen keine Lerneinheiten (${from} bis ${to}).`,
    weekSessions: (count, hours) =>
      `In den nächsten 7 Tagen hast du ${plural(count, 'Einheit', 'Einheiten')}, insgesamt ${hours}:`,
    busyLine: (title, start, end) => `Belegt: ${title}, ${start}–${end}`,
    trackHours: (done, needed) =>
      `Erledigte Stunden: ${done} von ${needed} nötigen (wie unter „Wirst du bereit sein?“ in deiner Übersicht).`,
    trackTopics: (done, total) => `Abgeschlossene Themen: ${done} von ${total}.`,
    trackSessions: (past, count, pastHours, totalHours) =>
      `Einheiten: ${past} von ${count} liegen hinter dir (${pastHours} von ${totalHours} geplant).`,
    deadlineIn: (date, days) => `Frist: ${date}, in ${plural(days, 'Tag', 'Tagen')}.`,
    deadlinePassed: (date) => `Die Frist (${date}) ist vorbei.`,
    noTopics:
      'Dieses Fach hat noch keine Themen, deshalb kann ich den Fortschritt nicht messen. Füge seine Themen hinzu und hake sie ab, sobald du sie fertig hast.',
    allDone:
      'Alle Themen sind als erledigt markiert: Du bist im Plan. Wiederhole bis zur Prüfung weiter mit den Karteikarten.',
    readinessVerdict: (planned, short, status) =>
      status === 'on-track'
        ? `„Wirst du bereit sein?“ in deiner Übersicht sagt **Im Plan**: die ${planned}, die vor der Prüfung noch geplant sind, decken den Rest ab.`
        : status === 'at-risk'
          ? `„Wirst du bereit sein?“ in deiner Übersicht sagt **Gefährdet**: mit den ${planned}, die noch geplant sind, würden dir ${short} fehlen. Halte jede Einheit ein oder füge vor der Prüfung eine hinzu.`
          : `„Wirst du bereit sein?“ in deiner Übersicht sagt **Im Rückstand**: selbst mit den ${planned}, die noch geplant sind, würden dir ${short} fehlen. Füge vor der Prüfung Einheiten hinzu oder lass deinen Plan aufholen.`,
    onTrack: (done, expected) =>
      `Du bist im Plan: ${done} % der Themen sind erledigt und ${expected} % der geplanten Lernzeit sind vorbei.`,
    behind: (expected, done, topics) =>
      `Du liegst zurück: ${expected} % der geplanten Lernzeit sind vorbei, aber erst ${done} % der Themen erledigt (etwa ${plural(topics, 'Thema', 'Themen')} Rückstand). Hake Themen ab, sobald du sie fertig hast; wenn du deutlich zurückliegst, plane vor der Frist noch ein oder zwei Einheiten ein.`,
    noNextSession:
      'In deinem Kalender steht keine kommende Lerneinheit. Plane eine im Kalender oder starte den smarten Planer.',
    noNextSessionFor: (name) => `In deinem Kalender steht keine kommende Einheit für **${name}**.`,
    noDeadlines: 'Keiner deiner aktiven Pläne hat eine Frist.',
    deadlinesHeading: 'Deine Fristen:',
    deadlineLine: (plan, subjects, date, days) =>
      `**${plan}** (${subjects}): ${date}, ${days >= 0 ? `in ${plural(days, 'Tag', 'Tagen')}` : 'vorbei'}.`,
    unknownSubject: (name, subjects) =>
      `Ich finde in deinen aktiven Plänen kein Fach namens „${name}“. Deine Fächer sind: ${subjects}.`,
  },
  intents: {
    crisis:
      / (mich umbringen|mich toten|suizid[a-z]*|selbstmord[a-z]*|mir das leben nehmen|sterben will|will sterben|mochte sterben|mochte tot sein|ware lieber tot|besser tot|selbstverletz[a-z]*|mir weh tun|mich ritzen|keinen grund (mehr )?zu leben|nicht mehr leben) /,
    distress: / (bringt mich um|macht mich fertig|sterbe vor|ich bin tot) /,
    track:
      / (im plan|im zeitplan|auf kurs|hinterher|im ruckstand|zuruck|voraus|fortschritt|wie stehe ich|wie lauft s|wie lauft es) /,
    tomorrow: /(?<!guten)(?<!heute) morgen /,
    today:
      / (heute|heute abend|jetzt gerade|gerade jetzt) | was (soll|sollte) ich (lernen|machen|tun|wiederholen) | was (steht|ist) (in |auf )?(meinem )?(plan|stundenplan|kalender|lernplan) /,
    week: / (diese|nachste|die) woche | wochentlich /,
    next: / nachste (einheit|lerneinheit|sitzung)|wann (lerne|ube|studiere|wiederhole) ich /,
    deadline:
      / (fristen?|deadlines?|abgabetermine?|prufungstermine?|wann ist (meine|die) prufung|wie viele tage (noch|bis)) /,
    capabilities:
      / (was kannst du|wer bist du|was bist du|bist du (eine? )?(ki|bot|roboter|mensch|echt|chatgpt)|wie funktionierst du) |^ hilfe $/,
    greeting: /^ (hallo|hi|hey|servus|moin|guten (morgen|tag|abend)) /,
    thanks: / (danke|vielen dank|danke schon|dankeschon) /,
    more: / (mehr|noch|andere|anderen|anderes|nochmal|erklar[a-z]*) /,
    followUp: /^\s*(?:und was ist mit|was ist mit|und bei|und in|und)\s+/i,
    namedSubject: /(?<!\p{L})(?:in|für|bei|mit)\s+(\p{Lu}[\p{L}-]+(?:\s+\p{Lu}[\p{L}-]+)*)/u,
  },
};
