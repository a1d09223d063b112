import { describe, expect, it } from 'vitest';
import { generateAbout, generatePhotosVideos, generateTimeline } from '../../../seed/demo/profile';
import { itAnswersSeededData, useSeededDemoApp } from './part2-setup';

const t = useSeededDemoApp();

describe('profile REST', () => {
  itAnswersSeededData(t, '/api/profile/timeline', generateTimeline);
  itAnswersSeededData(t, '/api/profile/photos-videos', generatePhotosVideos);
  itAnswersSeededData(t, '/api/profile/about', generateAbout);

  it('answers a timeline of activities and posts, and an about page with its sections', async () => {
    const timeline = (await t.get('/api/profile/timeline')).json();
    expect(Object.keys(timeline)).toEqual(['activities', 'posts']);
    expect(new Set(timeline.posts.map((post: { type: string }) => post.type))).toEqual(new Set(['post', 'article', 'something']));
    const about = (await t.get('/api/profile/about')).json();
    expect(Object.keys(about)).toEqual(['general', 'work', 'contact', 'groups', 'friends']);
  });
});
