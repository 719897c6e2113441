import type { Operation } from '../../http/operation.js';
import { createApiKey } from './create-key.js';
import { listApiKeys } from './list-keys.js';
import { revokeApiKey } from './revoke-key.js';
import { rotateApiKey } from './rotate-key.js';
import { listAuditLog } from './list-audit-log.js';

export const adminOperations: Operation[] = [createApiKey, listApiKeys, revokeApiKey, rotateApiKey, listAuditLog];
