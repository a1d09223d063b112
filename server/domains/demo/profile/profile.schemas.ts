import { z } from 'zod';

const person = z.object({ name: z.string(), avatar: z.string() });
const media = z.object({ type: z.string(), preview: z.string() });

export const profileTimeline = z.object({
  activities: z.array(z.object({ id: z.string(), user: person, message: z.string(), time: z.string() })),
  posts: z.array(
    z.object({
      id: z.string(),
      user: person,
      message: z.string(),
      time: z.string(),
      /** post, article or another value (e.g. "something"). */
      type: z.string(),
      like: z.number().int(),
      share: z.number().int(),
      media: media.optional(),
      article: z.object({ title: z.string(), subtitle: z.string(), excerpt: z.string(), media }).optional(),
      comments: z.array(z.object({ id: z.string(), user: person, time: z.string(), message: z.string() })),
    }),
  ),
});
export type ProfileTimeline = z.infer<typeof profileTimeline>;

export const profileMediaGroup = z.object({
  id: z.string(),
  name: z.string(),
  info: z.string(),
  media: z.array(z.object({ type: z.string(), title: z.string(), preview: z.string() })),
});
export type ProfileMediaGroup = z.infer<typeof profileMediaGroup>;

export const profileAbout = z.object({
  general: z.object({ gender: z.string(), birthday: z.string(), locations: z.array(z.string()), about: z.string() }),
  work: z.object({
    occupation: z.string(),
    skills: z.string(),
    jobs: z.array(z.object({ company: z.string(), date: z.string() })),
  }),
  contact: z.object({
    address: z.string(),
    tel: z.array(z.string()),
    websites: z.array(z.string()),
    emails: z.array(z.string()),
  }),
  groups: z.array(z.object({ id: z.string(), name: z.string(), category: z.string(), members: z.string() })),
  friends: z.array(z.object({ id: z.string(), name: z.string(), avatar: z.string() })),
});
export type ProfileAbout = z.infer<typeof profileAbout>;
