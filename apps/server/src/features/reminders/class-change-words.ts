import { AI_LANGUAGES, type AiLanguage, type ClassChange } from '@studybuddy/contracts';

/** A class's changes in words, in the student's language: the push and the e-mail say them. */
export interface ClassChangeWords {
  title: string;
  change(c: ClassChange): string;
  more(n: number): string;
}

/** The five languages of the app, written for a student (the informal "you", as the e-mails). */
const WORDS: Record<AiLanguage, ClassChangeWords> = {
  en: {
    title: 'Your class changed',
    change: (c) =>
      c.kind === 'exam-moved'
        ? `${c.exam} moved from ${c.from} to ${c.to}`
        : c.kind === 'exam-added'
          ? `new exam ${c.exam} on ${c.date}`
          : c.kind === 'exam-removed'
            ? `${c.exam} removed`
            : c.kind === 'topic-added'
              ? `new topic ${c.topic}`
              : c.kind === 'topic-removed'
                ? `${c.topic} removed`
                : c.kind === 'file-added'
                  ? `new file ${c.file}`
                  : `${c.file} removed`,
    more: (n) => ` (+${n} more)`,
  },
  el: {
    title: 'Η τάξη σου άλλαξε',
    change: (c) =>
      c.kind === 'exam-moved'
        ? `${c.exam}: από ${c.from} σε ${c.to}`
        : c.kind === 'exam-added'
          ? `νέα εξέταση ${c.exam} στις ${c.date}`
          : c.kind === 'exam-removed'
            ? `η εξέταση ${c.exam} αφαιρέθηκε`
            : c.kind === 'topic-added'
              ? `νέα ενότητα ${c.topic}`
              : c.kind === 'topic-removed'
                ? `η ενότητα ${c.topic} αφαιρέθηκε`
                : c.kind === 'file-added'
                  ? `νέο αρχείο ${c.file}`
                  : `το αρχείο ${c.file} αφαιρέθηκε`,
    more: (n) => ` (+${n} ακόμη)`,
  },
  es: {
    title: 'Tu clase ha cambiado',
    change: (c) =>
      c.kind === 'exam-moved'
        ? `${c.exam} pasa del ${c.from} al ${c.to}`
        : c.kind === 'exam-added'
          ? `nuevo examen ${c.exam} el ${c.date}`
          : c.kind === 'exam-removed'
            ? `${c.exam} eliminado`
            : c.kind === 'topic-added'
              ? `nuevo tema ${c.topic}`
              : c.kind === 'topic-removed'
                ? `${c.topic} eliminado`
                : c.kind === 'file-added'
                  ? `nuevo archivo ${c.file}`
                  : `${c.file} eliminado`,
    more: (n) => ` (+${n} más)`,
  },
  fr: {
    title: 'Ta classe a changé',
    change: (c) =>
      c.kind === 'exam-moved'
        ? `${c.exam} passe du ${c.from} au ${c.to}`
        : c.kind === 'exam-added'
          ? `nouvel examen ${c.exam} le ${c.date}`
          : c.kind === 'exam-removed'
            ? `${c.exam} supprimé`
            : c.kind === 'topic-added'
              ? `nouveau thème ${c.topic}`
              : c.kind === 'topic-removed'
                ? `${c.topic} supprimé`
                : c.kind === 'file-added'
                  ? `nouveau fichier ${c.file}`
                  : `${c.file} supprimé`,
    more: (n) => ` (+${n} de plus)`,
  },
  de: {
    title: 'Deine Klasse hat sich geändert',
    change: (c) =>
      c.kind === 'exam-moved'
        ? `${c.exam} vom ${c.from} auf den ${c.to} verschoben`
        : c.kind === 'exam-added'
          ? `neue Prüfung ${c.exam} am ${c.date}`
          : c.kind === 'exam-removed'
            ? `${c.exam} entfernt`
            : c.kind === 'topic-added'
              ? `neues Thema ${c.topic}`
              : c.kind === 'topic-removed'
                ? `${c.topic} entfernt`
                : c.kind === 'file-added'
                  ? `neue Datei ${c.file}`
                  : `${c.file} entfernt`,
    more: (n) => ` (+${n} weitere)`,
  },
};

/** The words of the student's language (users.language), English for any other. */
export const classChangeWords = (language: string): ClassChangeWords =>
  WORDS[AI_LANGUAGES.find((l) => l === language) ?? 'en'];
