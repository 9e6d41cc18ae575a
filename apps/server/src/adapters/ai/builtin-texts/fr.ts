import type { BuiltinTexts } from './texts.js';

const plural = (n: number, one: string, many: string) => `${n} ${Math.abs(n) < 2 ? one : many}`;

/** The builtin engine's fixed texts in French. */
export const fr: BuiltinTexts = {
  locale: 'fr-FR',
  cards: {
    definition: (term) => `Que signifie « ${term} » ?`,
    term: (definition) => `Quel terme est décrit ici : « ${definition} » ?`,
    fillBlank: (sentence) => `Complétez le blanc : ${sentence}`,
    why: (effect) => `Pourquoi est-ce le cas : « ${effect} » ?`,
    order: (leadIn) => `Quel est le bon ordre ? ${leadIn}`,
    apply: (formula, target, givens) =>
      `Avec la formule ${formula}, combien vaut ${target} si ${new Intl.ListFormat('fr').format(givens)} ?`,
  },
  lessonHelper: {
    noMaterial: (title) =>
      `« ${title} » n’a pas encore de contenu sur lequel je puisse m’appuyer. Ajoutez des notes au sujet ou importez des fichiers dans la matière, et je pourrai les résumer et répondre à vos questions.`,
    keyPointsIntro: (title) =>
      `Voici les points essentiels de « ${title} », tirés directement de votre contenu :`,
    askAbout: (first, second) =>
      `Posez-moi une question sur l’un d’eux, par exemple « Que signifie ${first} ? »${second ? ` ou « Explique ${second} »` : ''}. Puis testez-vous avec les fiches et le quiz.`,
    testYourself: 'Testez-vous avec les fiches et le quiz.',
    notFound: (title) =>
      `Je n’ai trouvé cela ni dans « ${title} » ni dans les fichiers de cette matière, donc je ne vais pas deviner : je réponds uniquement à partir de votre propre contenu.`,
    covers: (terms) => `Cette leçon traite notamment de : ${terms}.`,
    tryChat: 'Pour des questions générales sur vos études, essayez l’assistant de discussion.',
    fromMaterial: 'D’après votre contenu :',
  },
  deepDive: {
    drawnFrom: (names) => `Tiré de votre contenu : ${names}.`,
    nameOnly:
      'Cette liste ne repose que sur le nom du sujet. Importez vos notes pour obtenir des points essentiels tirés de votre propre contenu.',
    keyPoints: 'Points essentiels',
    checklist: 'Liste de révision',
    workThrough: (heading) => `Travaillez « ${heading} » et résumez-le en trois phrases.`,
    explainTerm: (term) => `Expliquez « ${term} » avec vos propres mots, sans vos notes.`,
    writeDown: (topic) =>
      `Écrivez ce que vous savez déjà sur le sujet « ${topic} », puis comparez avec vos notes.`,
    solveExample: 'Résolvez ou expliquez un exemple sans regarder, puis comparez.',
    reviewAgain: 'Révisez ce sujet dans deux jours, puis dans une semaine.',
  },
  lesson: {
    nameOnly:
      'Cette leçon a été créée à partir du seul nom du sujet : il n’y a pas encore de notes.',
    addNotes: 'Ajoutez des notes ou importez du contenu pour obtenir une leçon tirée de celui-ci.',
    keyPoints: 'Points essentiels',
    formulas: 'Formules',
    checkYourself: 'Testez-vous',
    explainTopic: (topic) =>
      `Expliquez le sujet « ${topic} » avec vos propres mots en trois phrases.`,
    termMeaning: (term) => `Que signifie « ${term} » ici, et pourquoi est-ce important ?`,
    cause: (effect) => `Pourquoi est-ce le cas : « ${effect} » ? Répondez à partir de vos notes.`,
    compare: (a, b) => `En quoi « ${a} » diffère-t-il de « ${b} » ? Citez deux différences.`,
    hardest: (topic) =>
      `Quelle partie du sujet « ${topic} » vous paraîtrait la plus difficile à l’examen ? Entraînez-vous d’abord sur celle-là.`,
  },
  chat: {
    crisis: [
      'Je suis vraiment désolé que vous vous sentiez ainsi. Vous méritez du soutien dès maintenant, et vous n’avez pas à traverser cela seul.',
      '',
      '- **Si vous êtes en danger ou risquez de passer à l’acte, appelez immédiatement les urgences** (112 dans l’UE, 911 aux États-Unis).',
      '- **Parlez à une ligne d’écoute** : en France, appelez le 3114 (numéro national de prévention du suicide, gratuit, 24 h/24) ; ailleurs, findahelpline.com répertorie des lignes gratuites et confidentielles dans votre pays.',
      '- **Parlez-en aujourd’hui à une personne de confiance** : un ami, un proche, un enseignant ou le service d’écoute de votre établissement.',
      '',
      'Je suis un assistant d’études, pas un thérapeute : contactez l’une de ces ressources, s’il vous plaît. Vos études peuvent attendre ; vous comptez davantage.',
    ].join('\n'),
    capabilities: [
      'Je suis l’assistant d’études intégré de StudyBuddy. Je fonctionne sur ce serveur sans modèle d’IA, donc je n’invente rien : je réponds à partir de votre plan d’études et d’un petit ensemble de guides sur les études et le bien-être écrits pour cette application. Je peux :',
      '',
      '- vous dire **quoi étudier aujourd’hui** ou demain, et ce qui figure dans votre calendrier **cette semaine** ;',
      '- vérifier **si vous êtes dans les temps** pour une matière (« suis-je dans les temps en chimie ? ») et combien de temps il reste avant une **échéance** ;',
      '- partager des **techniques d’étude** : rappel actif, répétition espacée, Pomodoro, pratique entrelacée, prise de notes, planification, rattrapage ;',
      '- donner des **conseils de bien-être** sur le stress, l’anxiété aux examens, le sommeil, l’épuisement, la motivation, la procrastination et la concentration.',
      '',
      'Pour des questions sur le contenu d’une leçon, utilisez l’**assistant IA de l’écran de la leçon** : il répond à partir de cette leçon et de vos fichiers.',
    ].join('\n'),
    noPlan:
      'Vous n’avez pas encore de plan d’études actif avec des séances, je ne vois donc pas votre emploi du temps. Créez un plan (ou lancez le planificateur intelligent et acceptez sa proposition), et je pourrai vous dire quoi étudier chaque jour et si vous êtes dans les temps.',
    greeting:
      'Bonjour ! Je peux vous dire quoi étudier aujourd’hui, vérifier si vous êtes dans les temps pour une matière, ou partager des conseils d’étude et de bien-être. Que souhaitez-vous ?',
    thanks: 'Avec plaisir. Bon courage pour vos révisions !',
    emptyReply: 'Désolé, je n’ai pas compris.',
    fallback: [
      'Je ne peux pas répondre à cela. Je suis l’assistant intégré : je n’ai pas de modèle d’IA, je réponds donc uniquement à partir de votre plan d’études et de guides sur les études et le bien-être, et je ne devine pas.',
      '',
      'Essayez : « Qu’est-ce que je dois réviser aujourd’hui ? », « Suis-je dans les temps en <matière> ? », « Qu’est-ce que j’ai cette semaine ? », « Quand est ma prochaine séance ? », « Comment gérer le stress des examens ? » ou « Qu’est-ce que la répétition espacée ? ». Pour des questions sur une leçon, utilisez l’assistant IA de l’écran de la leçon.',
    ].join('\n'),
    checkIn: 'Cela fait beaucoup. Comment ça va, à part ça ?',
    stressTip:
      'Au fait, cela a l’air stressant. Si vous voulez des conseils sur le stress des examens, demandez-moi.',
    today: 'Aujourd’hui',
    tomorrow: 'Demain',
    daySessions: (label, date, count, hours) =>
      `${label} (${date}), vous avez ${plural(count, 'séance d’étude', 'séances d’étude')}, ${hours} au total :`,
    allBehind: 'Elles sont toutes terminées : bravo, place au repos.',
    nothingOn: (label, date) => `${label} (${date}), rien n’est prévu dans votre calendrier.`,
    nextSession: (subject, topic, date, time) =>
      `Votre prochaine séance est **${subject}**${topic ? ` : ${topic}` : ''}, le ${date} à ${time}.`,
    pickAnyway: (subject, left, total, deadline) =>
      `Si vous voulez quand même étudier, **${subject}** est un bon choix : ${left} de ses ${total} sujets restent à faire${deadline ? `, et son échéance est le ${deadline}` : ''}.`,
    weekNone: (from, to) =>
      `Vous n’avez aucune séance d’étude dans les 7 prochains jours (du ${from} au ${to}).`,
    weekSessions: (count, hours) =>
      `Dans les 7 prochains jours, vous avez ${plural(count, 'séance', 'séances')}, ${hours} au total :`,
    busyLine: (title, start, end) => `Occupé : ${title}, ${start}–${end}`,
    trackHours: (done, needed) =>
      `Heures faites : ${done} sur les ${needed} nécessaires (comme dans « Serez-vous prêt ? » sur votre tableau de bord).`,
    trackTopics: (done, total) => `Sujets terminés : ${done} sur ${total}.`,
    trackSessions: (past, count, pastHours, totalHours) =>
      `Séances : ${past} sur ${count} sont passées (${pastHours} sur ${totalHours} prévues).`,
    deadlineIn: (date, days) => `Échéance : ${date}, dans ${plural(days, 'jour', 'jours')}.`,
    deadlinePassed: (date) => `L’échéance (${date}) est passée.`,
    noTopics:
      'Cette matière n’a pas encore de sujets, je ne peux donc pas mesurer vos progrès. Ajoutez ses sujets et cochez-les au fur et à mesure.',
    allDone:
      'Tous les sujets sont marqués comme terminés : vous êtes dans les temps. Continuez à réviser avec les fiches jusqu’à l’examen.',
    readinessVerdict: (planned, short, status) =>
      status === 'on-track'
        ? `« Serez-vous prêt ? » sur votre tableau de bord indique **En bonne voie** : les ${planned} encore prévues avant l’examen couvrent ce qui reste.`
        : status === 'at-risk'
          ? `« Serez-vous prêt ? » sur votre tableau de bord indique **À risque** : avec les ${planned} encore prévues, il vous manquerait ${short}. Tenez chaque séance ou ajoutez-en une avant l’examen.`
          : `« Serez-vous prêt ? » sur votre tableau de bord indique **En retard** : même avec les ${planned} encore prévues, il vous manquerait ${short}. Ajoutez des séances avant l’examen ou laissez votre plan rattraper le retard.`,
    onTrack: (done, expected) =>
      `Vous êtes dans les temps : ${done} % des sujets sont terminés et ${expected} % du temps d’étude prévu est écoulé.`,
    behind: (expected, done, topics) =>
      `Vous êtes en retard : ${expected} % du temps d’étude prévu est écoulé, mais seulement ${done} % des sujets sont terminés (environ ${plural(topics, 'sujet', 'sujets')} de retard). Cochez les sujets au fur et à mesure ; si vous êtes vraiment en retard, ajoutez une ou deux séances avant l’échéance.`,
    noNextSession:
      'Aucune séance de travail n’est prévue dans votre calendrier. Planifiez-en une depuis le calendrier, ou lancez le planificateur intelligent.',
    noNextSessionFor: (name) => `Aucune séance de **${name}** n’est prévue dans votre calendrier.`,
    noDeadlines: 'Aucun de vos plans actifs n’a d’échéance.',
    deadlinesHeading: 'Vos échéances :',
    deadlineLine: (plan, subjects, date, days) =>
      `**${plan}** (${subjects}) : ${date}, ${days >= 0 ? `dans ${plural(days, 'jour', 'jours')}` : 'passée'}.`,
    unknownSubject: (name, subjects) =>
      `Je ne trouve aucune matière nommée « ${name} » dans vos plans actifs. Vos matières sont : ${subjects}.`,
  },
  intents: {
    crisis:
      / (me tuer|suicid[a-z]*|en finir|mettre fin a (mes jours|ma vie)|veux mourir|voudrais mourir|envie de mourir|prefererais etre mort[e]?|mieux mort[e]?|automutil[a-z]*|me faire du mal|me scarifier|me couper|aucune raison de vivre|veux plus vivre|veux plus exister) /,
    distress: / (me tue|meurs de|mort de (rire|fatigue)|suis mort[e]? de) /,
    track:
      / (dans les temps|en retard|en avance|a jour|progression|progres|ou j en suis|ou en suis je|comment je m en sors) /,
    tomorrow: / demain /,
    today:
      / (aujourd hui|ce soir|maintenant) | (que|qu est ce que) (dois|devrais) je (etudier|faire|reviser|travailler|apprendre) | qu est ce que je dois (etudier|faire|reviser|travailler|apprendre) | (quel est|qu y a t il dans|qu est ce qu il y a dans) (mon )?(plan|programme|planning|emploi du temps|calendrier) /,
    week: / (cette|la) semaine | semaine prochaine | hebdomadaire /,
    next: / prochaine (seance|session)|quand (est ce que )?(je )?(revise|etudie|travaille) /,
    deadline:
      / (dates? limites?|echeances?|date de l examen|quand est (mon|l) examen|combien de jours (reste t il|restent|avant|jusqu)) /,
    capabilities:
      / (que sais tu faire|que peux tu faire|qui es tu|qu es tu|es tu (une? )?(ia|bot|robot|humain|reel|chatgpt)|comment fonctionnes tu|comment tu fonctionnes) |^ aide $/,
    greeting: /^ (bonjour|salut|coucou|bonsoir|hello) /,
    thanks: / (merci|merci beaucoup) /,
    more: / (plus|encore|autre|un autre|une autre|explique) /,
    followUp: /^\s*(?:et pour|et en|et)\s+/i,
    namedSubject: /(?<!\p{L})(?:en|pour|avec)\s+(\p{Lu}[\p{L}-]+(?:\s+\p{Lu}[\p{L}-]+)*)/u,
  },
};
