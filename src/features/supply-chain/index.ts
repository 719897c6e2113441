import type { Operation } from '../../http/operation.js';
import { listLinks } from './links.js';
import { getNetwork } from './network.js';
import { listBuyersDependency, listSuppliersDependency } from './dependency.js';
import { getRisk } from './risk.js';
import { getRoute, listCarriers, listRoutes } from './routes.js';
import { getPort, listPorts } from './ports.js';
import { getProductFlows } from './flows.js';
import { listAlternatives } from './alternatives.js';
import { findPath } from './path.js';

export const supplyChainOperations: Operation[] = [
  listLinks,
  getNetwork,
  listBuyersDependency,
  listSuppliersDependency,
  getRisk,
  listRoutes,
  getRoute,
  listPorts,
  getPort,
  listCarriers,
  getProductFlows,
  listAlternatives,
  findPath,
];
