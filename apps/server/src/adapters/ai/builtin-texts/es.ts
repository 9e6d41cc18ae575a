import type { BuiltinTexts } from './texts.js';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The builtin engine's fixed texts in Spanish. */
export const es: BuiltinTexts = {
  locale: 'es-ES',
  cards: {
    definition: (term) => `¿Qué significa «${term}»?`,
    term: (definition) => `¿Qué término se describe aquí: «${definition}»?`,
    fillBlank: (sentence) => `Completa el espacio en blanco: ${sentence}`,
    why: (effect) => `¿Por qué ocurre esto: «${effect}»?`,
    order: (leadIn) => `¿Cuál es el orden correcto? ${leadIn}`,
    apply: (formula, target, givens) =>
      `Con la fórmula ${formula}, ¿cuánto vale ${target} si ${new Intl.ListFormat('es').format(givens)}?`,
  },
  lessonHelper: {
    noMaterial: (title) =>
      `«${title}» todavía no tiene material con el que pueda trabajar. Añade apuntes al tema o sube archivos a la asignatura, y podré resumirlos y responder preguntas sobre ellos.`,
    keyPointsIntro: (title) =>
      `Estos son los puntos clave de «${title}», sacados directamente de tu material:`,
    askAbout: (first, second) =>
      `Pregúntame por cualquiera de ellos, por ejemplo «¿Qué es ${first}?»${second ? ` o «Explica ${second}»` : ''}. Después ponte a prueba con las tarjetas y el cuestionario.`,
    testYourself: 'Ponte a prueba con las tarjetas y el cuestionario.',
    notFound: (title) =>
      `No he encontrado eso en «${title}» ni en los archivos de esta asignatura, así que no voy a adivinar: solo respondo a partir de tu propio material.`,
    covers: (terms) => `Esta lección trata, entre otras cosas, de: ${terms}.`,
    tryChat: 'Para preguntas generales sobre el estudio, prueba el asistente de chat.',
    fromMaterial: 'De tu material:',
  },
  deepDive: {
    drawnFrom: (names) => `Extraído de tu material: ${names}.`,
    nameOnly:
      'Esta lista de tareas se basa solo en el nombre del tema. Sube tus apuntes para obtener puntos clave extraídos de tu propio material.',
    keyPoints: 'Puntos clave',
    checklist: 'Lista de estudio',
    workThrough: (heading) => `Trabaja «${heading}» y resúmelo en tres frases.`,
    explainTerm: (term) => `Explica «${term}» con tus propias palabras, sin mirar los apuntes.`,
    writeDown: (topic) =>
      `Escribe lo que ya sabes sobre el tema «${topic}» y compáralo después con tus apuntes.`,
    solveExample: 'Resuelve o explica un ejemplo sin mirar y luego compara.',
    reviewAgain: 'Repasa este tema dentro de dos días y otra vez dentro de una semana.',
  },
  lesson: {
    nameOnly:
      'Esta lección se ha creado solo a partir del nombre del tema: todavía no hay apuntes sobre él.',
    addNotes: 'Añade apuntes o sube material al tema para obtener una lección basada en ellos.',
    keyPoints: 'Puntos clave',
    formulas: 'Fórmulas',
    checkYourself: 'Ponte a prueba',
    explainTopic: (topic) => `Explica el tema «${topic}» con tus propias palabras en tres frases.`,
    termMeaning: (term) => `¿Qué significa «${term}» aquí y por qué es importante?`,
    cause: (effect) => `¿Por qué ocurre esto: «${effect}»? Responde a partir de tus notas.`,
    compare: (a, b) => `¿En qué se diferencia «${a}» de «${b}»? Nombra dos diferencias.`,
    hardest: (topic) =>
      `¿Qué parte del tema «${topic}» te resultaría más difícil en un examen? Practícala primero.`,
  },
  chat: {
    crisis: [
      'Siento mucho que te sientas así. Mereces apoyo ahora mismo y no tienes por qué pasar por esto solo.',
      '',
      '- **Si estás en peligro o crees que podrías actuar según estos pensamientos, llama ahora al número de emergencias** (112 en la UE, 911 en EE. UU.).',
      '- **Habla con una línea de crisis**: en España, llama al 024 (atención a la conducta suicida, gratuita y confidencial); en otros países, findahelpline.com recoge líneas gratuitas y confidenciales.',
      '- **Cuéntaselo hoy a alguien de confianza**: un amigo, un familiar, un profesor o el servicio de orientación de tu centro.',
      '',
      'Soy un asistente de estudio, no un terapeuta, así que, por favor, contacta con alguno de ellos. Tus estudios pueden esperar; tú importas más.',
    ].join('\n'),
    capabilities: [
      'Soy el asistente de estudio integrado de StudyBuddy. Funciono en este servidor sin un modelo de IA, así que no me invento nada: respondo a partir de tu plan de estudio y de un pequeño conjunto de guías de estudio y bienestar escritas para esta aplicación. Puedo:',
      '',
      '- decirte **qué estudiar hoy** o mañana, y qué tienes en el calendario **esta semana**;',
      '- comprobar **si vas al día** en una asignatura («¿voy al día en Química?») y cuánto falta para una **fecha límite**;',
      '- compartir **técnicas de estudio**: recuerdo activo, repaso espaciado, Pomodoro, práctica intercalada, toma de apuntes, planificación, ponerse al día;',
      '- ofrecer **consejos de bienestar** sobre estrés, ansiedad ante los exámenes, sueño, agotamiento, motivación, procrastinación y concentración.',
      '',
      'Para preguntas sobre el contenido de una lección, usa el **asistente de IA de la pantalla de la lección**: responde a partir de esa lección y de tus archivos.',
    ].join('\n'),
    noPlan:
      'Todavía no tienes ningún plan de estudio activo con sesiones, así que no puedo ver tu horario. Crea un plan (o usa el planificador inteligente y acepta su propuesta) y podré decirte qué estudiar cada día y si vas al día.',
    greeting:
      '¡Hola! Puedo decirte qué estudiar hoy, comprobar si vas al día en una asignatura o darte consejos de estudio y bienestar. ¿Qué necesitas?',
    thanks: 'De nada. ¡Mucha suerte con el estudio!',
    emptyReply: 'Lo siento, no he entendido eso.',
    fallback: [
      'No puedo responder a eso. Soy el asistente integrado: no tengo un modelo de IA, así que solo respondo a partir de tu plan de estudio y de guías de estudio y bienestar, y no voy a adivinar.',
      '',
      'Prueba a preguntar: «¿Qué debo estudiar hoy?», «¿Voy al día en <asignatura>?», «¿Qué tengo esta semana?», «¿Cuándo es mi próxima sesión?», «¿Cómo manejo el estrés de los exámenes?» o «¿Qué es el repaso espaciado?». Para preguntas sobre una lección, usa el asistente de IA de la pantalla de la lección.',
    ].join('\n'),
    checkIn: 'Parece mucho. ¿Cómo lo llevas en general?',
    stressTip:
      'Por cierto, eso suena estresante. Si quieres consejos sobre el estrés de los exámenes, solo tienes que pedírmelos.',
    today: 'Hoy',
    tomorrow: 'Mañana',
    daySessions: (label, date, count, hours) =>
      `${label} (${date}) tienes ${plural(count, 'sesión de estudio', 'sesiones de estudio')}, ${hours} en total:`,
    allBehind: 'Ya las has completado todas: ¡bien hecho! Es hora de descansar.',
    nothingOn: (label, date) => `${label} (${date}) no tienes nada en el calendario.`,
    nextSession: (subject, topic, date, time) =>
      `Tu próxima sesión es **${subject}**${topic ? `: ${topic}` : ''} el ${date} a las ${time}.`,
    pickAnyway: (subject, left, total, deadline) =>
      `Si aun así quieres estudiar, **${subject}** es una buena opción: le quedan ${left} de sus ${total} temas por terminar${deadline ? ` y su fecha límite es el ${deadline}` : ''}.`,
    weekNone: (from, to) =>
      `No tienes sesiones de estudio en los próximos 7 días (del ${from} al ${to}).`,
    weekSessions: (count, hours) =>
      `En los próximos 7 días tienes ${plural(count, 'sesión', 'sesiones')}, ${hours} en total:`,
    busyLine: (title, start, end) => `Ocupado: ${title}, ${start}–${end}`,
    trackHours: (done, needed) =>
      `Horas hechas: ${done} de las ${needed} necesarias (como en «¿Llegarás preparado?» de tu panel).`,
    trackTopics: (done, total) => `Temas completados: ${done} de ${total}.`,
    trackSessions: (past, count, pastHours, totalHours) =>
      `Sesiones: ya has hecho ${past} de ${count} (${pastHours} de ${totalHours} planificadas).`,
    deadlineIn: (date, days) => `Fecha límite: ${date}, dentro de ${plural(days, 'día', 'días')}.`,
    deadlinePassed: (date) => `La fecha límite (${date}) ya ha pasado.`,
    noTopics:
      'Esta asignatura todavía no tiene temas, así que no puedo medir tu progreso. Añade sus temas y márcalos a medida que los termines.',
    allDone:
      'Todos los temas están marcados como completados: vas al día. Sigue repasando con las tarjetas hasta el examen.',
    readinessVerdict: (planned, short, status) =>
      status === 'on-track'
        ? `«¿Llegarás preparado?» de tu panel dice **Al día**: las ${planned} que aún tienes planificadas antes del examen cubren lo que falta.`
        : status === 'at-risk'
          ? `«¿Llegarás preparado?» de tu panel dice **En riesgo**: con las ${planned} que aún tienes planificadas te faltarían ${short}. Cumple cada sesión o añade una antes del examen.`
          : `«¿Llegarás preparado?» de tu panel dice **Retrasado**: aun con las ${planned} que tienes planificadas te faltarían ${short}. Añade sesiones antes del examen o deja que tu plan se ponga al día.`,
    onTrack: (done, expected) =>
      `Vas al día: has terminado el ${done} % de los temas y ha pasado el ${expected} % del tiempo de estudio planificado.`,
    behind: (expected, done, topics) =>
      `Vas con retraso: ha pasado el ${expected} % del tiempo de estudio planificado, pero solo has terminado el ${done} % de los temas (unos ${plural(topics, 'tema', 'temas')} de retraso). Marca los temas a medida que los termines; si vas muy retrasado, añade una o dos sesiones antes de la fecha límite.`,
    noNextSession:
      'No tienes ninguna sesión de estudio próxima en el calendario. Planifica una desde el calendario o usa el planificador inteligente.',
    noNextSessionFor: (name) => `No tienes ninguna sesión próxima de **${name}** en el calendario.`,
    noDeadlines: 'Ninguno de tus planes activos tiene una fecha límite.',
    deadlinesHeading: 'Tus fechas límite:',
    deadlineLine: (plan, subjects, date, days) =>
      `**${plan}** (${subjects}): ${date}, ${days >= 0 ? `dentro de ${plural(days, 'día', 'días')}` : 'ya ha pasado'}.`,
    unknownSubject: (name, subjects) =>
      `No encuentro ninguna asignatura llamada «${name}» en tus planes activos. Tus asignaturas son: ${subjects}.`,
  },
  intents: {
    crisis:
      / (matarme|suicid[a-z]*|quitarme la vida|acabar con (todo|mi vida)|quiero morir(me)?|me quiero morir|quisiera estar muert[oa]|mejor muert[oa]|autolesion[a-z]*|hacerme dano|cortarme|no (tengo|hay) (ninguna )?razon para vivir|no quiero (vivir|seguir viviendo|existir)) /,
    distress: / (me esta matando|me mata|me muero de|estoy muert[oa]) /,
    track:
      / (voy (bien|al dia|atrasad[oa]|retrasad[oa]|con retraso)|al dia|atrasad[oa]s?|retrasad[oa]s?|adelantad[oa]s?|progreso|como voy|como lo llevo) /,
    tomorrow: / manana /,
    today:
      / (hoy|esta noche|ahora mismo) | que (debo|deberia|tengo que) (estudiar|hacer|repasar|aprender) | (cual es|que hay en|que tengo en) (mi )?(plan|horario|calendario|agenda) /,
    week: / (esta|la proxima|la siguiente) semana | semanal /,
    next: / (proxima|siguiente) (sesion|clase|sesion de estudio)|cuando (estudio|me toca|voy a estudiar|repaso) /,
    deadline:
      / (fechas? limite|plazos?|fecha del examen|cuando es (mi|el) examen|cuantos dias (faltan|quedan)) /,
    capabilities:
      / (que puedes hacer|quien eres|que eres|eres (una? )?(ia|bot|robot|humano|real|chatgpt)|como funcionas) |^ ayuda $/,
    greeting: /^ (hola|buenas|buenos dias|buenas (tardes|noches)|hey) /,
    thanks: / (gracias|muchas gracias|mil gracias) /,
    more: / (mas|otro|otra|otra vez|de nuevo|explica|explicame) /,
    followUp: /^\s*(?:y qué tal|y que tal|qué tal|que tal|y en|y para|y con|y)\s+/i,
    namedSubject: /(?<!\p{L})(?:en|para|con)\s+(\p{Lu}[\p{L}-]+(?:\s+\p{Lu}[\p{L}-]+)*)/u,
  },
};
