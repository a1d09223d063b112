import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * parseArgs, except that a value may start with a dash: ids are base64url and a third of them do
 * (`--event -Xk2...`), which node:util's strict mode would refuse as an ambiguous option.
 */
export function parseOptions<T extends Options>(options: T, args = process.argv.slice(2)) {
  const joined: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? '';
    const name = arg.startsWith('--') && !arg.includes('=') ? arg.slice(2) : undefined;
    const value = args[index + 1];
    if (name && options[name]?.type === 'string' && value !== undefined) {
      joined.push(`${arg}=${value}`);
      index++;
    } else {
      joined.push(arg);
    }
  }
  return parseArgs({ options, args: joined });
}
