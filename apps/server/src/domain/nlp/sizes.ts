/**
 * How many cards a lesson's deck holds and how many questions one of its quizzes asks. Apart
 * from the generator, so a service that names a size does not load the word lists and the
 * tagger into the server's own thread.
 */
export const DECK_SIZE = 15;
export const QUIZ_SIZE = 8;
