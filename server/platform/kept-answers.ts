/**
 * Answers handed out again unchanged: a signed-in page asks `users.alive` every few seconds and gets the same session
 * answer (same token, same user) while nothing changed. A domain keeps such an answer (`keepAnswer`: frozen through
 * and through, so nobody can change it after its checks ran) and hands the same object out again; the output check
 * (`checkedOnce`) and the JSON (`jsonOnce`) are then made once per kept answer instead of once per request.
 * Anything not kept is checked and serialized every time, as before.
 */
const kept = new WeakSet<object>();
const checked = new WeakMap<object, unknown>();
const json = new WeakMap<object, string>();

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
}

export function keepAnswer<T extends object>(answer: T): T {
  deepFreeze(answer);
  kept.add(answer);
  return answer;
}

export function isKeptAnswer(value: unknown): value is object {
  return typeof value === 'object' && value !== null && kept.has(value);
}

/** `parse(value)`, made once for a kept answer (its result is kept too: a check never has to run on it again). */
export function checkedOnce(value: unknown, parse: (value: unknown) => unknown): unknown {
  if (!isKeptAnswer(value)) return parse(value);
  const known = checked.get(value);
  if (known !== undefined) return known;
  const parsed = parse(value);
  const result = typeof parsed === 'object' && parsed !== null ? keepAnswer(parsed) : parsed;
  checked.set(value, result);
  return result;
}

/** `JSON.stringify(value)`, made once for a kept answer. */
export function jsonOnce(value: unknown): string {
  if (!isKeptAnswer(value)) return JSON.stringify(value);
  let text = json.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    json.set(value, text);
  }
  return text;
}
