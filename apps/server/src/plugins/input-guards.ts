// Input every route refuses before validation or a handler sees it: NUL characters (PostgreSQL text
// cannot hold them) in the URL or the body, percent-encoding that is not UTF-8, and bodies nested deeper than any real request (JSON.parse
// copes with 20,000 levels, but whatever walks the result recursively next overflows the stack:
// zod, or better-auth's JSON.stringify in plugins/auth.ts).
import type { FastifyInstance } from 'fastify';
import { hasNulCharacter } from '@fundwire/shared';
import { badRequest } from '../errors.js';

export const MAX_JSON_DEPTH = 32;
export const NUL_MESSAGE = 'Text must not contain NUL characters';
export const TOO_DEEP_MESSAGE = 'JSON nested too deeply';
export const BAD_ENCODING_MESSAGE = 'The URL is not valid: a percent-encoded character is not UTF-8';

/** True when every %XX sequence of the URL decodes as UTF-8 (a lone %FF, say, does not). */
export function isDecodableUrl(url: string): boolean {
  try {
    decodeURIComponent(url);
    return true;
  } catch {
    return false;
  }
}

/** What is wrong with a parsed body, walked without recursion: nesting past maxDepth or a NUL in a string or key. */
export function findBadInput(body: unknown, maxDepth = MAX_JSON_DEPTH): 'too-deep' | 'nul' | undefined {
  const stack: [value: unknown, depth: number][] = [[body, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (hasNulCharacter(value)) return 'nul';
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= maxDepth) return 'too-deep';
      if (Array.isArray(value)) for (const item of value) stack.push([item, depth + 1]);
      else {
        for (const [key, item] of Object.entries(value)) {
          if (hasNulCharacter(key)) return 'nul';
          stack.push([item, depth + 1]);
        }
      }
    }
  }
  return undefined;
}

/** Parsed JSON or form bodies; not the CSV stream of an import or the raw bytes of a webhook. */
function isParsedBody(body: unknown): boolean {
  if (typeof body === 'string' || Array.isArray(body)) return true;
  if (typeof body !== 'object' || body === null) return false;
  const prototype = Object.getPrototypeOf(body) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** Must run before any route is registered; the hooks then apply to every route, /api/auth/* included. */
export function registerInputGuards(app: FastifyInstance): void {
  // %00 in the path or query, raw or percent-encoded, in either case.
  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url) || hasNulCharacter(request.url)) throw badRequest(NUL_MESSAGE);
    // Handlers (better-auth's among them) decode query values; a sequence that is not UTF-8 would throw there.
    if (!isDecodableUrl(request.url)) throw badRequest(BAD_ENCODING_MESSAGE);
  });
  app.addHook('preValidation', async (request) => {
    if (!isParsedBody(request.body)) return;
    const problem = findBadInput(request.body);
    if (problem === 'too-deep') throw badRequest(TOO_DEEP_MESSAGE);
    if (problem === 'nul') throw badRequest(NUL_MESSAGE);
  });
}
