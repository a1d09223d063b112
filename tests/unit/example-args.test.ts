import { describe, expect, it } from 'vitest';
import { parseOptions } from '../../examples/args';

describe('example scripts\' options', () => {
  it('takes a value that starts with a dash, as a third of our ids do', () => {
    const { values } = parseOptions({ event: { type: 'string' }, max: { type: 'string' }, json: { type: 'boolean' } }, ['--event', '-Xk2abc', '--json', '--max=2']);
    expect(values).toEqual({ event: '-Xk2abc', json: true, max: '2' });
  });

  it('still refuses an option it does not know', () => {
    expect(() => parseOptions({ event: { type: 'string' } }, ['--evnt', 'x'])).toThrow(/Unknown option '--evnt'/);
  });
});
