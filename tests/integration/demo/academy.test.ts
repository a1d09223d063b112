import { describe, expect, it } from 'vitest';
import type { Course } from '@server/domains/demo/academy/academy.schemas';
import { academyCategoryData, generateCourses } from '../../../seed/demo/academy';
import { useSeededDemoApp } from './part2-setup';

const t = useSeededDemoApp();

describe('academy REST', () => {
  it('GET /api/academy-app/categories answers the four categories', async () => {
    const response = await t.get('/api/academy-app/categories');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(academyCategoryData);
    expect(response.json().map((category: { value: string }) => category.value)).toEqual(['web', 'firebase', 'cloud', 'android']);
  });

  it('GET /api/academy-app/courses answers every course without steps', async () => {
    const response = await t.get('/api/academy-app/courses');
    expect(response.statusCode).toBe(200);
    const expected = generateCourses().map(({ steps: _steps, ...summary }) => summary);
    expect(response.json()).toEqual(expected);
    expect(response.json()).toHaveLength(10);
    for (const course of response.json()) expect(course).not.toHaveProperty('steps');
  });

  it('GET /api/academy-app/course answers the course with its 11 steps, 404 for an unknown id, 400 without one', async () => {
    const first = generateCourses()[0]!;
    const response = await t.get(`/api/academy-app/course?courseId=${first.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(first);
    expect(response.json().steps).toHaveLength(11);

    const unknown = await t.get('/api/academy-app/course?courseId=nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Requested course does not exist.' });

    const missing = await t.get('/api/academy-app/course');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('courseId');
  });

  it('POST /api/academy-app/course/save replaces by id or appends, and answers the saved course', async () => {
    const existing = (await t.stored<Course>('academy.courses'))[2]!;
    const replaced = { ...existing, title: 'Renamed course', activeStep: 4 };
    const response = await t.post('/api/academy-app/course/save', replaced);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(replaced);
    const afterReplace = await t.stored<Course>('academy.courses');
    expect(afterReplace).toHaveLength(10);
    expect(afterReplace[2]).toEqual(replaced);

    const added: Course = { ...existing, id: 'new-course', title: 'A new course', slug: 'a-new-course' };
    const appended = await t.post('/api/academy-app/course/save', added);
    expect(appended.statusCode).toBe(200);
    expect(appended.json()).toEqual(added);
    const afterAppend = await t.stored<Course>('academy.courses');
    expect(afterAppend).toHaveLength(11);
    expect(afterAppend[10]).toEqual(added);
  });

  it('POST /api/academy-app/course/save refuses a malformed course and writes nothing', async () => {
    const before = await t.stored<Course>('academy.courses');
    const noTitle = await t.post('/api/academy-app/course/save', { id: 'x', steps: [] });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().errors).toHaveProperty('title');
    const badJson = await t.post('/api/academy-app/course/save', '{"id": ');
    expect(badJson.statusCode).toBe(400);
    // An unknown field is ignored and never stored: saving the course as it is changes nothing.
    const extra = await t.post('/api/academy-app/course/save', { ...before[0], hacker: true });
    expect(extra.statusCode).toBe(200);
    expect(extra.json()).not.toHaveProperty('hacker');
    expect(await t.stored<Course>('academy.courses')).toEqual(before);
  });

  it('POST /api/academy-app/course/update merges the given fields into the stored course', async () => {
    const existing = (await t.stored<Course>('academy.courses'))[0]!;
    const response = await t.post('/api/academy-app/course/update', { id: existing.id, activeStep: 7 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...existing, activeStep: 7 });
    expect((await t.stored<Course>('academy.courses'))[0]).toEqual({ ...existing, activeStep: 7 });

    const unknown = await t.post('/api/academy-app/course/update', { id: 'nope', activeStep: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Requested course does not exist.' });

    const malformed = await t.post('/api/academy-app/course/update', { id: existing.id, activeStep: 'two' });
    expect(malformed.statusCode).toBe(400);
    expect((await t.stored<Course>('academy.courses'))[0]).toEqual({ ...existing, activeStep: 7 });
  });

  it('answers 401 without a token and 403 for a viewer', async () => {
    const anonymous = await t.get('/api/academy-app/categories', null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Invalid access_token' });
    const viewer = await t.get('/api/academy-app/courses', t.viewer.token);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toEqual({ message: 'You do not have permission to do this' });
    const viewerSave = await t.post('/api/academy-app/course/save', generateCourses()[0], t.viewer.token);
    expect(viewerSave.statusCode).toBe(403);
  });
});
