/**
 * Apple Podcasts categories (podcasters.apple.com/support/1691-apple-podcasts-categories) and the languages the title
 * form offers. Plain data, no imports: the web app reads it through podcasts.schemas.ts.
 */
export const applePodcastCategories: ReadonlyArray<{ name: string; subcategories: readonly string[] }> = [
  { name: 'Arts', subcategories: ['Books', 'Design', 'Fashion & Beauty', 'Food', 'Performing Arts', 'Visual Arts'] },
  { name: 'Business', subcategories: ['Careers', 'Entrepreneurship', 'Investing', 'Management', 'Marketing', 'Non-Profit'] },
  { name: 'Comedy', subcategories: ['Comedy Interviews', 'Improv', 'Stand-Up'] },
  { name: 'Education', subcategories: ['Courses', 'How To', 'Language Learning', 'Self-Improvement'] },
  { name: 'Fiction', subcategories: ['Comedy Fiction', 'Drama', 'Science Fiction'] },
  { name: 'Government', subcategories: [] },
  { name: 'History', subcategories: [] },
  { name: 'Health & Fitness', subcategories: ['Alternative Health', 'Fitness', 'Medicine', 'Mental Health', 'Nutrition', 'Sexuality'] },
  { name: 'Kids & Family', subcategories: ['Education for Kids', 'Parenting', 'Pets & Animals', 'Stories for Kids'] },
  { name: 'Leisure', subcategories: ['Animation & Manga', 'Automotive', 'Aviation', 'Crafts', 'Games', 'Hobbies', 'Home & Garden', 'Video Games'] },
  { name: 'Music', subcategories: ['Music Commentary', 'Music History', 'Music Interviews'] },
  { name: 'News', subcategories: ['Business News', 'Daily News', 'Entertainment News', 'News Commentary', 'Politics', 'Sports News', 'Tech News'] },
  { name: 'Religion & Spirituality', subcategories: ['Buddhism', 'Christianity', 'Hinduism', 'Islam', 'Judaism', 'Religion', 'Spirituality'] },
  {
    name: 'Science',
    subcategories: ['Astronomy', 'Chemistry', 'Earth Sciences', 'Life Sciences', 'Mathematics', 'Natural Sciences', 'Nature', 'Physics', 'Social Sciences'],
  },
  { name: 'Society & Culture', subcategories: ['Documentary', 'Personal Journals', 'Philosophy', 'Places & Travel', 'Relationships'] },
  {
    name: 'Sports',
    subcategories: ['Baseball', 'Basketball', 'Cricket', 'Fantasy Sports', 'Football', 'Golf', 'Hockey', 'Rugby', 'Running', 'Soccer', 'Swimming', 'Tennis', 'Volleyball', 'Wilderness', 'Wrestling'],
  },
  { name: 'Technology', subcategories: [] },
  { name: 'True Crime', subcategories: [] },
  { name: 'TV & Film', subcategories: ['After Shows', 'Film History', 'Film Interviews', 'Film Reviews', 'TV Reviews'] },
];

/** How a title stores a category: `Music`, or a subcategory as `Music > Music Interviews`. */
export const categorySeparator = ' > ';

/** Every storable category value, in Apple's order (each category, then its subcategories). */
export const podcastCategoryValues: readonly string[] = applePodcastCategories.flatMap((category) => [
  category.name,
  ...category.subcategories.map((sub) => `${category.name}${categorySeparator}${sub}`),
]);

/** `Music > Music Interviews` → `['Music', 'Music Interviews']`; `Music` → `['Music']`. */
export function splitCategory(value: string): [string] | [string, string] {
  const at = value.indexOf(categorySeparator);
  return at < 0 ? [value] : [value.slice(0, at), value.slice(at + categorySeparator.length)];
}

export const defaultPodcastLanguage = 'en';

/** The languages the title form lists; any other BCP 47 code can still be typed in. */
export const commonPodcastLanguages: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'en', label: 'English' },
  { value: 'en-US', label: 'English (United States)' },
  { value: 'en-GB', label: 'English (United Kingdom)' },
  { value: 'en-CA', label: 'English (Canada)' },
  { value: 'en-AU', label: 'English (Australia)' },
  { value: 'fr', label: 'French' },
  { value: 'fr-CA', label: 'French (Canada)' },
  { value: 'fr-FR', label: 'French (France)' },
  { value: 'es', label: 'Spanish' },
  { value: 'es-MX', label: 'Spanish (Mexico)' },
  { value: 'es-ES', label: 'Spanish (Spain)' },
  { value: 'pt', label: 'Portuguese' },
  { value: 'pt-BR', label: 'Portuguese (Brazil)' },
  { value: 'de', label: 'German' },
  { value: 'it', label: 'Italian' },
  { value: 'nl', label: 'Dutch' },
  { value: 'sv', label: 'Swedish' },
  { value: 'nb', label: 'Norwegian Bokmål' },
  { value: 'da', label: 'Danish' },
  { value: 'fi', label: 'Finnish' },
  { value: 'pl', label: 'Polish' },
  { value: 'cs', label: 'Czech' },
  { value: 'ro', label: 'Romanian' },
  { value: 'el', label: 'Greek' },
  { value: 'tr', label: 'Turkish' },
  { value: 'ru', label: 'Russian' },
  { value: 'uk', label: 'Ukrainian' },
  { value: 'ar', label: 'Arabic' },
  { value: 'he', label: 'Hebrew' },
  { value: 'fa', label: 'Persian' },
  { value: 'hi', label: 'Hindi' },
  { value: 'bn', label: 'Bengali' },
  { value: 'id', label: 'Indonesian' },
  { value: 'vi', label: 'Vietnamese' },
  { value: 'th', label: 'Thai' },
  { value: 'ja', label: 'Japanese' },
  { value: 'ko', label: 'Korean' },
  { value: 'zh-Hans', label: 'Chinese (Simplified)' },
  { value: 'zh-Hant', label: 'Chinese (Traditional)' },
  { value: 'sw', label: 'Swahili' },
];
