import type { FastifyError } from 'fastify';
import { BadRequest } from '../errors';
import { ControlCharacters } from './input-guard';

/**
 * The error handler of a route that takes a one-time link's token (password reset, email
 * confirmation). A token that fails the schema or the input guard — cut, padded or garbled by a
 * mail client, pasted with a control character — is, to the person who opened the link, simply
 * an invalid link: it answers the same text as an unknown, used or expired token, never
 * "Token must be at most 200 characters.". Every other error goes on to the app's handler.
 */
export function badTokenIsInvalidLink(invalidText: string) {
  return (err: FastifyError): never => {
    throw refusesToken(err) ? new BadRequest(invalidText) : err;
  };
}

function refusesToken(err: FastifyError): boolean {
  if (err instanceof ControlCharacters) return err.field === 'token';
  return (err.validation ?? []).some((issue) => issue.instancePath === '/token');
}
