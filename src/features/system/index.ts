import type { Operation } from '../../http/operation.js';
import { getHealth } from './health.js';
import { ping } from './ping.js';

export const systemOperations: Operation[] = [getHealth, ping];
