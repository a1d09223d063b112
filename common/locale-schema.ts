import { z } from 'zod';
import { supportedLocales } from './locales';

/** Kept apart from locales.ts: the web's first screen reads the locale list and must not bring zod along. */
export const localeSchema = z.enum(supportedLocales, { error: 'Please choose a supported language' });
