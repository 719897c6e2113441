// pino options: secrets are redacted wherever they could appear, including query strings sent by
// mistake (credentials in a URL must not reach the log either).
import type { FastifyServerOptions } from 'fastify';

const SECRET_PARAMS = /([?&](?:api_secret|api_key|refresh_token|token|access_token)=)[^&]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[REDACTED]');
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'headers.authorization', 'body.api_secret', 'body.refresh_token', 'body.token', 'api_secret'],
      censor: '[REDACTED]',
    },
    serializers: {
      req(req: { method: string; url: string; id: string; ip?: string }) {
        return { method: req.method, url: redactUrl(req.url), id: req.id, ip: req.ip };
      },
    },
  };
}
