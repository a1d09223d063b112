import { describe, expect, it } from 'vitest';
import { csvCell, csvFileName, toCsv } from '@web/features/analytics/analytics-csv';
import { presetRange, rangeFromQuery, rangeToQuery } from '@web/features/analytics/range';

const now = new Date('2026-03-30T15:00:00.000Z');

describe('the analytics CSV export', () => {
  it('quotes, doubles quotes and defuses formula cells; numbers stay numbers', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const start of ['=', '+', '-', '@']) expect(csvCell(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
  });

  it('writes a header row then exactly the rows, CRLF', () => {
    expect(toCsv(['Episode', 'Downloads'], [['=cmd|x', 3], ['Ep, "one"', 1]])).toBe(`Episode,Downloads\r\n'=cmd|x,3\r\n"Ep, ""one""",1\r\n`);
    expect(csvFileName('top episodes', '2026-03-01', '2026-03-30')).toBe('analytics-top-episodes-2026-03-01-2026-03-30.csv');
  });
});

describe('the analytics range', () => {
  it('reads presets from the URL, today included, `to` exclusive', () => {
    expect(rangeFromQuery(new URLSearchParams('range=7'), now)).toEqual({ choice: '7', from: '2026-03-24', lastDay: '2026-03-30', to: '2026-03-31' });
    expect(rangeFromQuery(new URLSearchParams(''), now)).toEqual(presetRange('30', now));
    expect(rangeFromQuery(new URLSearchParams('range=9999'), now).choice).toBe('30');
  });

  it('takes a valid custom range and refuses a broken one', () => {
    expect(rangeFromQuery(new URLSearchParams('range=custom&from=2026-01-01&to=2026-01-31'), now)).toEqual({ choice: 'custom', from: '2026-01-01', lastDay: '2026-01-31', to: '2026-02-01' });
    for (const query of ['range=custom&from=2026-02-30&to=2026-03-01', 'range=custom&from=2026-03-05&to=2026-03-01', 'range=custom&from=2026-03-01&to=2026-04-30', 'range=custom&from=2024-01-01&to=2026-03-01', 'range=custom']) {
      expect(rangeFromQuery(new URLSearchParams(query), now).choice).toBe('30');
    }
  });

  it('writes the choice back to the query', () => {
    expect(rangeToQuery({ choice: '7', from: '', lastDay: '' })).toEqual({ range: '7', from: null, to: null });
    expect(rangeToQuery({ choice: '30', from: '', lastDay: '' })).toEqual({ range: null, from: null, to: null });
    expect(rangeToQuery({ choice: 'custom', from: '2026-01-01', lastDay: '2026-01-31' })).toEqual({ range: 'custom', from: '2026-01-01', to: '2026-01-31' });
  });
});
