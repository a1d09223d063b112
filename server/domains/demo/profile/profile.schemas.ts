import { z } from 'zod';

const person = z.strictObject({ name: z.string(), avatar: z.string() });
const media = z.strictObject({ type: z.string(), preview: z.string() });

export const profileTimeline = z.strictObject({
  activities: z.array(z.strictObject({ id: z.string(), user: person, message: z.string(), time: z.string() })),
  posts: z.array(
    z.strictObject({
      id: z.string(),
      user: person,
      message: z.string(),
      time: z.string(),
      /** post, article or another value (e.g. "something"). */
      type: z.string(),
      like: z.number().int(),
      share: z.number().int(),
      media: media.optional(),
      article: z.strictObject({ title: z.string(), subtitle: z.string(), excerpt: z.string(), media }).optional(),
      comments: z.array(z.strictObject({ id: z.string(), user: person, time: z.string(), message: z.string() })),
    }),
  ),
});
export type ProfileTimeline = z.infer<typeof profileTimeline>;

export const profileMediaGroup = z.strictObject({
  id: z.string(),
  name: z.string(),
  info: z.string(),
  media: z.array(z.strictObject({ type: z.string(), title: z.string(), preview: z.string() })),
});
export type ProfileMediaGroup = z.infer<typeof profileMediaGroup>;

export const profileAbout = z.strictObject({
  general: z.strictObject({ gender: z.string(), birthday: z.string(), locations: z.array(z.string()), about: z.string() }),
  work: z.strictObject({
    occupation: z.string(),
    skills: z.string(),
    jobs: z.array(z.strictObject({ company: z.string(), date: z.string() })),
  }),
  contact: z.strictObject({
    address: z.string(),
    tel: z.array(z.string()),
    websites: z.array(z.string()),
    emails: z.array(z.string()),
  }),
  groups: z.array(z.strictObject({ id: z.string(), name: z.string(), category: z.string(), members: z.string() })),
  friends: z.array(z.strictObject({ id: z.string(), name: z.string(), avatar: z.string() })),
});
export type ProfileAbout = z.infer<typeof profileAbout>;
