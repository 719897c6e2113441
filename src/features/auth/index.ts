import type { Operation } from '../../http/operation.js';
import { createToken } from './create-token.js';
import { refreshToken } from './refresh-token.js';
import { revokeToken } from './revoke-token.js';

export const authOperations: Operation[] = [createToken, refreshToken, revokeToken];
