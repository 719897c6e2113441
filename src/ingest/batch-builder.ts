// A batch's records validated one at a time, as a loader reads them: only the normalised form of
// a valid record is kept. Kept apart from the writer so the parsing thread of a file load
// (parse-worker.ts) loads validation without the store.
import { declarationNoOf, validateDeclaration, todayUtc, type ValidDeclaration } from './validate.js';
import type { DeclarationInput } from './record.js';

export interface RejectedRow {
  /** Position of the row in the batch (0-based). */
  index: number;
  declaration_no: string | null;
  field: string;
  reason: string;
}

/**
 * The validated form of a batch, built one record at a time: a loader streaming a file validates
 * each record as it is read and keeps only the normalised declaration, not the parsed original.
 */
export class BatchBuilder {
  /** Records added so far; a record's index is its position among them. */
  records = 0;
  readonly valid: ValidDeclaration[] = [];
  readonly rejected: RejectedRow[] = [];
  /** The same declaration twice in one batch: the second is a duplicate, as it would be in the next batch. */
  inBatchDuplicates = 0;
  private readonly seen = new Set<string>();

  /**
   * `shortcut`, for records a trusted producer made (the seed's generator): their normalised form
   * without the checks, or null to validate them in full (src/synth/normalise.ts).
   */
  constructor(
    private readonly today: string = todayUtc(),
    private readonly shortcut?: (raw: DeclarationInput) => ValidDeclaration | null,
  ) {}

  /** The valid declarations added since the last call, removed from the builder (which still knows their numbers). */
  takeValid(): ValidDeclaration[] {
    return this.valid.splice(0, this.valid.length);
  }

  add(raw: unknown): void {
    const index = this.records++;
    let value = this.shortcut?.(raw as DeclarationInput) ?? null;
    if (!value) {
      const v = validateDeclaration(raw, this.today);
      if (!v.ok) {
        const declaration_no = declarationNoOf(raw);
        for (const e of v.errors) this.rejected.push({ index, declaration_no, field: e.field, reason: e.reason });
        return;
      }
      value = v.value;
    }
    if (this.seen.has(value.declaration_no)) this.inBatchDuplicates++;
    else {
      this.seen.add(value.declaration_no);
      this.valid.push(value);
    }
  }
}
