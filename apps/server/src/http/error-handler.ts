/** Every failure becomes the JSON error body of spec section 7; unknown paths get the generic 404. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, notFound } from './api-error.js';

function fieldOf(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return 'body';
  const params = first.params as { missingProperty?: string; additionalProperty?: string };
  const fromPath = first.instancePath.replace(/^\//, '').split('/')[0];
  return params.missingProperty ?? params.additionalProperty ?? (fromPath || String(error.validationContext ?? 'body'));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler(async (_request, reply) => {
    const error = notFound();
    return reply.code(404).send(error.body());
  });

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return reply.code(error.statusCode).send(error.body());
    }
    if (error.validation) {
      const field = fieldOf(error);
      const first = error.validation[0];
      // Ajv's text names the rule the value broke (pattern, type), never the value itself.
      return reply.code(400).send({ error: `${field} ${first?.message ?? 'is invalid'}.`, code: 'invalid', field });
    }
    if (error.statusCode === 413) return reply.code(413).send({ error: 'The body is too large.', code: 'too_large' });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // A framework's text may quote the request (a header, a content type): say what, not echo it.
      return reply.code(400).send({ error: 'The request could not be read (its headers or body are malformed).', code: 'invalid', field: 'body' });
    }
    request.log.error({ err: error }, 'server error');
    return reply.code(500).send({ error: 'Server-side problem; retry with a growing delay.', code: 'server_error' });
  });
}
