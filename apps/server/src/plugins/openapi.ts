// The public API's OpenAPI 3.1 document, generated from the routes' zod schemas (@fastify/swagger with
// fastify-type-provider-zod's transforms): every route with access 'api' is in it, with the bearer scheme and
// the {error} answers; every other route is hidden. Must be registered before the routes it documents.
import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_RATE_LIMIT_PER_MINUTE, errorBodySchema } from '@fundwire/shared';
import { ROUTE_TABLE, routeKey } from '../route-table.js';

export const API_KEY_SECURITY_SCHEME = 'apiKey';

const DESCRIPTION = [
  'The Fundwire lead feed for your own tools. Authenticate with a personal API key from your profile page:',
  '`Authorization: Bearer fw_…` (a signed-in browser session works too). Keys work only while your subscription is active.',
  '',
  `Each account may make ${API_RATE_LIMIT_PER_MINUTE} requests a minute, all its keys and its sessions on /api/v1 together. Every counted answer carries \`RateLimit-Limit\`,`,
  '`RateLimit-Remaining` and `RateLimit-Reset` (seconds until the window restarts); beyond the limit the answer is',
  '429 with `Retry-After` (seconds). Errors are JSON: `{"error": "<message>"}`.',
].join('\n');

const error = (description: string) => errorBodySchema.describe(description);

/** The {error} answers every public route may give, documented beside its own. */
function errorResponses(url: string): Record<number, unknown> {
  return {
    400: error('Invalid input: the message names the parameter'),
    401: error('No credential, or an unknown or revoked API key'),
    403: error("No active subscription (the caller's, or the key owner's)"),
    ...(url.includes('/:') ? { 404: error('Not found') } : {}),
    429: error(`More than ${API_RATE_LIMIT_PER_MINUTE} requests in a minute by this account (all its keys and sessions); see Retry-After`),
  };
}

/** A route's group when it names none: /api/v1/leads → Leads, /api/saved-searches/:id → Saved searches. */
function tagFor(url: string): string {
  const segment = url.replace(/^\/api\/(v1\/)?/, '').split('/')[0] ?? '';
  const words = segment.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A .csv route's success answer is text/csv (its errors stay JSON). */
function asCsvSuccess(schema: FastifySchema): FastifySchema {
  const responses = { ...(schema.response as Record<string, { description?: string }>) };
  const success = responses[200];
  if (success)
    responses[200] = { description: success.description ?? 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } } as { description: string };
  return { ...schema, response: responses };
}

/** True for the routes the document covers: those with access 'api' in ROUTE_TABLE. */
export function isPublicApiRoute(method: string, url: string): boolean {
  return ROUTE_TABLE[routeKey(method, url)] === 'api';
}

export async function registerOpenApi(app: FastifyInstance, options: { appUrl: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Fundwire API', version: '1.0.0', description: DESCRIPTION },
      servers: [{ url: options.appUrl }],
      components: {
        securitySchemes: {
          [API_KEY_SECURITY_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'fw_…',
            description: 'A personal API key (create one on your profile page)',
          },
        },
      },
      security: [{ [API_KEY_SECURITY_SCHEME]: [] }],
      tags: [
        { name: 'Leads', description: 'Funding rounds with their contacts' },
        { name: 'Companies', description: 'A company and all of its rounds' },
        { name: 'Saved searches', description: 'Filters that alert on new matches' },
      ],
    },
    transform: (input) => {
      const methods = Array.isArray(input.route.method) ? input.route.method : [input.route.method];
      if (!methods.some((method) => isPublicApiRoute(method === 'HEAD' ? 'GET' : method, input.url))) {
        return { schema: { ...input.schema, hide: true } as FastifySchema, url: input.url };
      }
      const response = { ...errorResponses(input.url), ...(input.schema.response as Record<number, unknown> | undefined) };
      const transformed = jsonSchemaTransform({ ...input, schema: { tags: [tagFor(input.url)], ...input.schema, response } });
      return input.url.endsWith('.csv') ? { ...transformed, schema: asCsvSuccess(transformed.schema) } : transformed;
    },
    transformObject: jsonSchemaTransformObject,
  });
}
