import { describe, expect, it } from 'vitest';
import { generateFaqs } from '../../../seed/demo/faq';
import { itAnswersSeededData, useSeededDemoApp } from './part2-setup';

const t = useSeededDemoApp();

describe('FAQ REST', () => {
  itAnswersSeededData(t, '/api/faq', generateFaqs);

  it('answers entries with a string id, a question and an answer', async () => {
    const entries = (await t.get('/api/faq')).json() as Array<Record<string, unknown>>;
    expect(entries.length).toBeGreaterThanOrEqual(10);
    for (const entry of entries) expect(entry).toEqual({ id: expect.any(String), question: expect.any(String), answer: expect.any(String) });
  });
});
