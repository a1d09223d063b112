import { describe, expect, it } from 'vitest';
import { generateQuickPanel } from '../../../seed/demo/quickpanel';
import { itAnswersSeededData, useSeededDemoApp } from './part2-setup';

const t = useSeededDemoApp();

describe('quick panel REST', () => {
  itAnswersSeededData(t, '/api/quick-panel/data', generateQuickPanel);

  it('answers notes and events of id, title and detail', async () => {
    const body = (await t.get('/api/quick-panel/data')).json();
    expect(Object.keys(body)).toEqual(['notes', 'events']);
    for (const item of [...body.notes, ...body.events]) {
      expect(item).toEqual({ id: expect.any(String), title: expect.any(String), detail: expect.any(String) });
    }
    expect(body.notes.length).toBeGreaterThan(0);
    expect(body.events.length).toBeGreaterThan(0);
  });
});
