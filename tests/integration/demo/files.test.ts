import { describe, expect, it } from 'vitest';
import { generateFiles } from '../../../seed/demo/files';
import { itAnswersSeededData, useSeededDemoApp } from './part2-setup';

const t = useSeededDemoApp();

describe('file manager REST', () => {
  itAnswersSeededData(t, '/api/file-manager-app/files', generateFiles);

  it('answers at least 20 folders, documents and spreadsheets; files carry a preview and a "Mb" size', async () => {
    const files = (await t.get('/api/file-manager-app/files')).json() as Array<Record<string, unknown>>;
    expect(files.length).toBeGreaterThanOrEqual(20);
    expect(new Set(files.map((file) => file.type))).toEqual(new Set(['folder', 'document', 'spreadsheet']));
    for (const file of files) {
      expect(file).toHaveProperty('extention');
      expect(typeof file.offline).toBe('boolean');
      if (file.type === 'folder') {
        expect(file).not.toHaveProperty('preview');
      } else {
        expect(file.preview).toEqual(expect.any(String));
        expect(file.size).toMatch(/^\d+(\.\d)? Mb$/);
      }
    }
  });
});
