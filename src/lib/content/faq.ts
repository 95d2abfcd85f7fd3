import type { QuestionAnswer } from '../site/jsonld';

/** Owner-written question and answer, before %tokens% are filled. */
export interface RawQuestion {
  question: string;
  answer: string;
}

/**
 * Fills the tokens of every question and answer once, so the visible accordion and the FAQPage
 * structured data are built from the very same strings and can never drift apart.
 */
export function resolveQuestions(
  items: RawQuestion[],
  fill: (text: string, where: string) => string,
  where: string,
): QuestionAnswer[] {
  return items.map(({ question, answer }) => ({ question: fill(question, where), answer: fill(answer, where) }));
}

/** The accordion's items: each question is a button, its answer one paragraph. */
export function accordionItems(items: QuestionAnswer[]): { title: string; paragraphs: string[] }[] {
  return items.map(({ question, answer }) => ({ title: question, paragraphs: [answer] }));
}
