// The scopes of the contract (§2). A route names the one scope it needs.
export const SCOPES = [
  'trade:read',
  'companies:read',
  'contacts:read',
  'shipments:read',
  'shipments:write',
  'webhooks:write',
  'data:write',
  'admin',
] as const;
export type Scope = (typeof SCOPES)[number];

/** What a freshly started demo gets: everything that reads, nothing that writes or administers. */
export const READ_SCOPES: Scope[] = ['trade:read', 'companies:read', 'contacts:read', 'shipments:read'];
/** The demo key's: personal contact details are never readable with a published demo key. */
export const DEMO_SCOPES: Scope[] = READ_SCOPES.filter((s) => s !== 'contacts:read');

export function parseScopes(text: string): Scope[] {
  return text.split(/[\s,]+/).filter((s): s is Scope => (SCOPES as readonly string[]).includes(s));
}
