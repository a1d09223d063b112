import { DomainError } from '@server/platform/errors';
import type { Db } from '@db/client';
import { collection } from '../demo.store';
import type { ProfileAbout, ProfileMediaGroup, ProfileTimeline } from './profile.schemas';

/** Timeline and about are single documents (ids "timeline" and "about"); photos and videos are a list of groups. */
export const profileTimelineDocuments = (db: Db) => collection<ProfileTimeline & { id: string }>(db, 'profile.timeline');
export const profileAboutDocuments = (db: Db) => collection<ProfileAbout & { id: string }>(db, 'profile.about');
export const profileMediaGroups = (db: Db) => collection<ProfileMediaGroup>(db, 'profile.photosVideos');

function notSeeded(): DomainError {
  return new DomainError({ code: 'NOT_FOUND', message: 'The profile has not been seeded.' });
}

export async function getTimeline(db: Db): Promise<ProfileTimeline> {
  const document = await profileTimelineDocuments(db).get('timeline');
  if (!document) throw notSeeded();
  const { id: _id, ...timeline } = document;
  return timeline;
}

export async function listPhotosVideos(db: Db): Promise<ProfileMediaGroup[]> {
  return profileMediaGroups(db).list();
}

export async function getAbout(db: Db): Promise<ProfileAbout> {
  const document = await profileAboutDocuments(db).get('about');
  if (!document) throw notSeeded();
  const { id: _id, ...about } = document;
  return about;
}
