import type { Db } from '@db/client';
import type { ProfileAbout, ProfileMediaGroup, ProfileTimeline } from '@server/domains/demo/profile/profile.schemas';
import { profileAboutDocuments, profileMediaGroups, profileTimelineDocuments } from '@server/domains/demo/profile/profile.service';
import type { DemoSeeder } from './seeder';
import { hexId, longDate, seededFaker, shiftDays, slugify } from './sample-faker';

type Faker = ReturnType<typeof seededFaker>;

function person(faker: Faker) {
  const name = faker.person.fullName();
  return { name, avatar: `/assets/images/avatars/${slugify(name)}.jpg` };
}

const ago = (faker: Faker) => {
  const minutes = faker.number.int({ min: 5, max: 60 * 24 * 30 });
  if (minutes < 60) return `${minutes} minutes ago`;
  if (minutes < 60 * 24) return `${Math.floor(minutes / 60)} hours ago`;
  return longDate(shiftDays(-Math.floor(minutes / (60 * 24))));
};

export function generateTimeline(): ProfileTimeline {
  const faker = seededFaker(1101);
  const activities = Array.from({ length: 8 }, () => ({
    id: hexId(faker),
    user: person(faker),
    message: faker.helpers.arrayElement(['started following you.', 'sent you a message.', 'tipped your last stream.', 'shared your episode.', 'joined your live event.']),
    time: ago(faker),
  }));
  const posts = Array.from({ length: 6 }, (_, index) => {
    const type = ['post', 'article', 'something'][index % 3]!;
    const preview = `/assets/images/profile/post-${index + 1}.jpg`;
    return {
      id: hexId(faker),
      user: person(faker),
      message: faker.lorem.sentences({ min: 1, max: 3 }),
      time: ago(faker),
      type,
      like: faker.number.int({ min: 0, max: 400 }),
      share: faker.number.int({ min: 0, max: 80 }),
      ...(type === 'post' ? { media: { type: 'image', preview } } : {}),
      ...(type === 'article'
        ? {
            article: {
              title: faker.lorem.sentence({ min: 3, max: 6 }).replace(/\.$/, ''),
              subtitle: faker.lorem.sentence({ min: 4, max: 8 }),
              excerpt: faker.lorem.paragraph(),
              media: { type: 'image', preview },
            },
          }
        : {}),
      comments: Array.from({ length: faker.number.int({ min: 0, max: 3 }) }, () => ({
        id: hexId(faker),
        user: person(faker),
        time: ago(faker),
        message: faker.lorem.sentence(),
      })),
    };
  });
  return { activities, posts };
}

export function generatePhotosVideos(): ProfileMediaGroup[] {
  const faker = seededFaker(1102);
  return Array.from({ length: 4 }, (_, index) => {
    const month = shiftDays(-30 * index);
    return {
      id: hexId(faker),
      name: longDate(month).replace(/ \d+,/, ''),
      info: `${faker.number.int({ min: 3, max: 12 })} Photos`,
      media: Array.from({ length: faker.number.int({ min: 3, max: 8 }) }, (_, mediaIndex) => ({
        type: mediaIndex % 4 === 3 ? 'video' : 'photo',
        title: faker.lorem.words({ min: 2, max: 4 }),
        preview: `/assets/images/profile/media-${index + 1}-${mediaIndex + 1}.jpg`,
      })),
    };
  });
}

export function generateAbout(): ProfileAbout {
  const faker = seededFaker(1103);
  return {
    general: {
      gender: 'Female',
      birthday: longDate(shiftDays(-365 * 31 - 40)),
      locations: [faker.location.city(), faker.location.city()],
      about: faker.lorem.paragraph({ min: 3, max: 5 }),
    },
    work: {
      occupation: 'DJ and podcast host',
      skills: 'Mixing, Live production, Audio editing, Interviewing',
      jobs: Array.from({ length: 3 }, (_, index) => ({
        company: faker.company.name(),
        date: `${2015 + index * 3} - ${index === 2 ? 'Now' : 2018 + index * 3}`,
      })),
    },
    contact: {
      address: `${faker.location.streetAddress()}, ${faker.location.city()}`,
      tel: [faker.phone.number({ style: 'national' }), faker.phone.number({ style: 'national' })],
      websites: ['cuepoint.example'],
      emails: ['host@cuepoint.example', 'booking@cuepoint.example'],
    },
    groups: Array.from({ length: 4 }, () => ({
      id: hexId(faker),
      name: `${faker.word.adjective()} ${faker.word.noun()} club`,
      category: faker.helpers.arrayElement(['Music', 'Podcasts', 'Technology', 'Events']),
      members: `${faker.number.float({ min: 0.5, max: 30, fractionDigits: 1 })}k`,
    })),
    friends: Array.from({ length: 9 }, () => ({ id: hexId(faker), ...person(faker) })),
  };
}

export const profileSeeder: DemoSeeder = {
  app: 'profile',
  async seed(db: Db) {
    await profileTimelineDocuments(db).replaceAll([{ id: 'timeline', ...generateTimeline() }]);
    await profileMediaGroups(db).replaceAll(generatePhotosVideos());
    await profileAboutDocuments(db).replaceAll([{ id: 'about', ...generateAbout() }]);
  },
};
