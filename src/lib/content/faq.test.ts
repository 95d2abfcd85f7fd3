import { describe, expect, it } from 'vitest';
import { accordionItems, resolveQuestions } from './faq';
import { faqJsonLd } from '../site/jsonld';

const fill = (text: string) => text.replace('%fee%', '$495');

describe('FAQ content', () => {
  it('fills tokens in questions and answers, keeping the order', () => {
    const items = resolveQuestions(
      [
        { question: 'What does the %fee% fee include?', answer: 'The %fee% fee includes hair.' },
        { question: 'Second?', answer: 'Yes.' },
      ],
      fill,
      'content/faq.yaml',
    );
    expect(items).toEqual([
      { question: 'What does the $495 fee include?', answer: 'The $495 fee includes hair.' },
      { question: 'Second?', answer: 'Yes.' },
    ]);
  });

  it('gives the accordion and the structured data the same strings', () => {
    const items = resolveQuestions([{ question: 'Q %fee%', answer: 'A %fee%' }], fill, 'x');
    const [visible] = accordionItems(items);
    const [structured] = faqJsonLd(items).mainEntity as unknown as { name: string; acceptedAnswer: { text: string } }[];
    expect(visible?.title).toBe(structured?.name);
    expect(visible?.paragraphs).toEqual([structured?.acceptedAnswer.text]);
  });
});
