import { randomBytes } from 'node:crypto';

/** Random, URL-safe id that reveals nothing about how many rows exist. */
export function newId(bytes = 12): string {
  return randomBytes(bytes).toString('base64url');
}

export function nowIso(): string {
  return new Date().toISOString();
}
