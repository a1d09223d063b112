import { describe, expect, it } from 'vitest';
import { acceptedLanguages, bestLocale, textDirection } from '@common/locales';
import { localeSchema } from '@common/locale-schema';

describe('choosing a language', () => {
  it('reads Accept-Language by quality, keeping header order for ties and dropping q=0', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en', 'de']);
    expect(acceptedLanguages('de;q=0.5, ar, es;q=0')).toEqual(['ar', 'de']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages(';q=1, ,')).toEqual([]);
  });

  it('picks the first wanted language Cuepoint ships, by region then by language, else English', () => {
    expect(bestLocale(['pt-BR'])).toBe('pt-BR');
    expect(bestLocale(['pt-PT', 'en'])).toBe('pt-BR');
    expect(bestLocale(['de-AT', 'fr'])).toBe('de');
    expect(bestLocale(['nl', 'es-MX'])).toBe('es');
    expect(bestLocale(['ar-EG'])).toBe('ar');
    expect(bestLocale(['ja', 'ko'])).toBe('en');
    expect(bestLocale([])).toBe('en');
  });

  it('writes Arabic right to left and refuses a language it does not ship', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('de')).toBe('ltr');
    expect(localeSchema.safeParse('pt-BR').success).toBe(true);
    expect(localeSchema.safeParse('pt').error?.issues[0]?.message).toBe('Please choose a supported language');
  });
});
