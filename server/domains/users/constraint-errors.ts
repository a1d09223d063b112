/**
 * The messages of an error and of its causes, outermost first: a statement that fails reaches the services wrapped
 * by Drizzle ("Failed query: …"), the database's own error (e.g. "UNIQUE constraint failed: users.email") as its cause.
 */
export function errorMessages(error: unknown): string[] {
  const messages: string[] = [];
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) messages.push(current.message);
  return messages;
}

/** The first message in the error's cause chain that matches, if any. */
export function matchingErrorMessage(error: unknown, pattern: RegExp): string | undefined {
  return errorMessages(error).find((message) => pattern.test(message));
}
