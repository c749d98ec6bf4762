import { notFound } from '../errors';

/**
 * The one ownership rule (amendment B2): a resource that is missing or belongs to someone else
 * answers 404, so its existence is never revealed. Repositories look rows up by id AND owner;
 * services pass the result through here.
 */
export function requireOwned<T>(row: T | undefined, what: string): T {
  if (row === undefined) throw notFound(what);
  return row;
}
