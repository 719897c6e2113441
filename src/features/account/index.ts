import type { Operation } from '../../http/operation.js';
import { getAccount } from './get-account.js';
import { getUsage } from './get-usage.js';

export const accountOperations: Operation[] = [getAccount, getUsage];
