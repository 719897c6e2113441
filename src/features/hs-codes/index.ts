// HS Code and Product: nomenclature search and hierarchy, tariffs, regulations, classification,
// landed cost, product trade and HS edition concordance.
import type { Operation } from '../../http/operation.js';
import { searchHsCodes } from './search-hs-codes.js';
import { mapHsConcordance } from './concordance.js';
import { classifyProduct } from './classify.js';
import { getHsCode } from './get-hs-code.js';
import { listHsCodeChildren } from './list-children.js';
import { getHsCodeTariffs } from './get-tariffs.js';
import { getHsCodeRegulations } from './get-regulations.js';
import { computeLandedCost } from './landed-cost.js';
import { getHsCodeTrade } from './get-trade.js';

export const hsCodeOperations: Operation[] = [
  searchHsCodes, mapHsConcordance, classifyProduct, getHsCode, listHsCodeChildren, getHsCodeTariffs,
  getHsCodeRegulations, computeLandedCost, getHsCodeTrade,
];
