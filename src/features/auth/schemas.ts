import { Type } from 'typebox';

export const TokenPair = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer({ description: 'Seconds until the access token expires' }),
  expires_at: Type.String({ format: 'date-time' }),
  refresh_token: Type.String(),
  refresh_expires_in: Type.Integer(),
  scopes: Type.Array(Type.String()),
});

/** Credentials in the URL are refused outright (they end up in logs and proxies). */
export const NoQuery = Type.Object({}, { additionalProperties: false });
