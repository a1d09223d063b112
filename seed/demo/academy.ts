import type { Db } from '@db/client';
import { courseLengths, stepsPerCourse, type Course, type CourseCategory } from '@server/domains/demo/academy/academy.schemas';
import { academyCategories, academyCourses } from '@server/domains/demo/academy/academy.service';
import type { DemoSeeder } from './seeder';
import { hexId, seededFaker, shiftDays, slugify } from './sample-faker';

export const academyCategoryData: CourseCategory[] = [
  { id: 'cat-web', value: 'web', label: 'Web', color: '#2196f3' },
  { id: 'cat-firebase', value: 'firebase', label: 'Firebase', color: '#ff9800' },
  { id: 'cat-cloud', value: 'cloud', label: 'Cloud', color: '#607d8b' },
  { id: 'cat-android', value: 'android', label: 'Android', color: '#4caf50' },
];

const courseTopics: Array<{ title: string; category: string }> = [
  { title: 'Streaming Pages That Load Fast', category: 'web' },
  { title: 'Accessible Forms From Scratch', category: 'web' },
  { title: 'Realtime Chat With Firestore', category: 'firebase' },
  { title: 'Sign-in Flows With Firebase Auth', category: 'firebase' },
  { title: 'Serverless Webhooks in Practice', category: 'cloud' },
  { title: 'Storing Media in Object Storage', category: 'cloud' },
  { title: 'Cost Alerts for Small Teams', category: 'cloud' },
  { title: 'Offline-first Android Apps', category: 'android' },
  { title: 'Push Notifications on Android', category: 'android' },
  { title: 'Responsive Layouts With CSS Grid', category: 'web' },
];

export function generateCourses(): Course[] {
  const faker = seededFaker(101);
  return courseTopics.map((topic, index) => {
    const id = hexId(faker);
    const steps = Array.from({ length: stepsPerCourse }, (_, stepIndex) => {
      const heading = faker.lorem.sentence({ min: 3, max: 6 }).replace(/\.$/, '');
      const paragraphs = faker.lorem.paragraphs(3, '\n').split('\n');
      return {
        id: `${id}-step-${stepIndex}`,
        title: stepIndex === 0 ? 'Introduction' : stepIndex === stepsPerCourse - 1 ? 'Summary' : heading,
        content: `<h2 class="text-xl">Step ${stepIndex + 1} - ${heading}</h2>${paragraphs.map((text) => `<p>${text}</p>`).join('')}`,
      };
    });
    return {
      id,
      title: topic.title,
      slug: slugify(topic.title),
      description: faker.lorem.sentence({ min: 8, max: 14 }),
      category: topic.category,
      length: courseLengths[index % courseLengths.length]!,
      totalSteps: stepsPerCourse,
      activeStep: faker.number.int({ min: 0, max: stepsPerCourse - 1 }),
      updated: shiftDays(-faker.number.int({ min: 1, max: 400 })).toISOString(),
      steps,
    };
  });
}

export const academySeeder: DemoSeeder = {
  app: 'academy',
  async seed(db: Db) {
    await academyCategories(db).replaceAll(academyCategoryData);
    await academyCourses(db).replaceAll(generateCourses());
  },
};
