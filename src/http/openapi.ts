// The OpenAPI 3.1 document is generated from the route schemas: they are the single source.
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ErrorEnvelope } from './envelope.js';
import { withSharedDetails } from './openapi-bounds.js';

const TAGS = [
  ['Auth', 'API key and secret exchanged for tokens'],
  ['Account', 'The calling key: limits and usage'],
  ['Admin', 'Key management and the audit log (scope admin)'],
  ['System', 'Health and the API description'],
  ['Import Data', 'Import customs declarations, bills of lading and aggregates'],
  ['Export Data', 'Export customs declarations, bills of lading and destination analytics'],
  ['Trade Data', 'Both flows: records, cube queries, reference lists, bulk exports, ingestion'],
  ['Company and Buyer', 'Turkish traders and their foreign partners'],
  ['Supply Chain', 'Links, networks, routes, ports and carriers'],
  ['HS Code and Product', 'Nomenclature, 12-digit GTİP, tariffs, regulations, classification'],
  ['Shipment Tracking', 'Shipments, events, transit times and webhooks'],
  ['Trade Statistics', 'Growth, concentration, seasonality, trends and forecasts'],
] as const;

const TOKEN_NOTE =
  'Access token from POST /v1/auth/token: a short-lived HS256 JWT signed by the server, checked for algorithm, expiry and ' +
  'revocation on every request, following the JWT best current practices of RFC8725.';

export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  app.addSchema(ErrorEnvelope);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'tradeapi — Turkish foreign-trade data',
        version,
        description:
          'Customs declarations, companies, HS/GTİP tariffs, shipments and statistics of Turkish foreign trade. ' +
          'Every response is the envelope {status, code, data[], meta}. Get a token at POST /v1/auth/token.',
        license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
      },
      tags: TAGS.map(([name, description]) => ({ name, description })),
      // Relative: the document describes whichever deployment (local, staging or production) serves it.
      servers: [{ url: '/', description: 'The deployment serving this document: local, staging or production', 'x-internal': false } as { url: string }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: TOKEN_NOTE },
          // The same tokens; a scheme of its own so that admin operations are visibly apart.
          adminBearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: `${TOKEN_NOTE} Admin operations need a token of a key with the \`admin\` scope.` },
        },
      },
    },
    transformObject: (doc) => withSharedDetails('openapiObject' in doc ? doc.openapiObject : doc.swaggerObject),
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { deepLinking: true }, staticCSP: true });
  app.get('/v1/openapi.json', { schema: { hide: true }, config: { scope: 'public', operationId: 'getOpenApi' } }, async () => app.swagger());
}
