import type { Operation } from '../../http/operation.js';
import { getHealth } from './health.js';

export const systemOperations: Operation[] = [getHealth];
