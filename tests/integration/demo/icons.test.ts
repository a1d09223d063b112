import { describe, expect, it } from 'vitest';
import { generateIcons } from '../../../seed/demo/icons';
import { itAnswersSeededData, useSeededDemoApp } from './part2-setup';

const t = useSeededDemoApp();

describe('icons REST', () => {
  itAnswersSeededData(t, '/api/icons', generateIcons);

  it('answers at least 100 icons with prevSize 32 and exactly the documented fields', async () => {
    const icons = (await t.get('/api/icons')).json() as Array<Record<string, unknown>>;
    expect(icons.length).toBeGreaterThanOrEqual(100);
    expect(new Set(icons.map((icon) => icon.name)).size).toBe(icons.length);
    for (const icon of icons) {
      expect(Object.keys(icon)).toEqual(['order', 'id', 'name', 'prevSize', 'code', 'ligatures', 'tags']);
      expect(icon.prevSize).toBe(32);
    }
  });
});
