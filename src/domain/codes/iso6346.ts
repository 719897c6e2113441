// ISO 6346 freight container numbers: 3-letter owner code, category letter (U freight container,
// J detachable equipment, Z trailer/chassis), 6-digit serial and a check digit.

export type ContainerCategory = 'U' | 'J' | 'Z';

export interface ContainerNumber {
  owner: string;
  category: ContainerCategory;
  serial: string;
  check_digit: number;
}

/** Why a container number was accepted or refused, so an API can explain the refusal. */
export type ContainerCheck =
  | ({ valid: true; number: string } & ContainerNumber)
  | { valid: false; reason: 'format'; message: string }
  | ({
      valid: false;
      reason: 'check_digit';
      number: string;
      expected_check_digit: number;
      message: string;
    } & ContainerNumber);

const FIRST_TEN = /^[A-Z]{3}[UJZ]\d{6}$/;
const FULL = /^([A-Z]{3})([UJZ])(\d{6})(\d)$/;

// Letters count from A = 10 upwards, skipping 11, 22 and 33: multiples of the modulus would
// make some single-letter errors undetectable.
const LETTER_VALUES: ReadonlyMap<string, number> = (() => {
  const values = new Map<string, number>();
  let v = 10;
  for (let c = 65; c <= 90; c++) {
    if (v % 11 === 0) v++;
    values.set(String.fromCharCode(c), v);
    v++;
  }
  return values;
})();

function charValue(ch: string): number {
  const letter = LETTER_VALUES.get(ch);
  if (letter !== undefined) return letter;
  return ch.charCodeAt(0) - 48;
}

/** Check digit for the first ten characters (owner, category, serial). Throws on bad input. */
export function iso6346CheckDigit(first10: string): number {
  const s = first10.toUpperCase();
  if (!FIRST_TEN.test(s)) throw new RangeError(`container prefix must be like ABCU123456, got "${first10}"`);
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += charValue(s.charAt(i)) * 2 ** i;
  return (sum % 11) % 10;
}

function compact(s: string): string {
  return s.replace(/[\s-]+/g, '').toUpperCase();
}

/** Splits a container number into its parts; checks the shape only, not the check digit. */
export function parseContainerNumber(s: string): ContainerNumber | null {
  const m = FULL.exec(compact(s));
  if (!m) return null;
  const [, owner, category, serial, check] = m;
  if (owner === undefined || category === undefined || serial === undefined || check === undefined) return null;
  return { owner, category: category as ContainerCategory, serial, check_digit: Number(check) };
}

export function checkContainerNumber(s: string): ContainerCheck {
  const parts = parseContainerNumber(s);
  if (!parts) {
    return {
      valid: false,
      reason: 'format',
      message: 'a container number is 3 owner letters, a category letter U, J or Z, 6 digits and a check digit',
    };
  }
  const number = `${parts.owner}${parts.category}${parts.serial}${parts.check_digit}`;
  const expected = iso6346CheckDigit(number.slice(0, 10));
  if (expected !== parts.check_digit) {
    return {
      valid: false,
      reason: 'check_digit',
      number,
      ...parts,
      expected_check_digit: expected,
      message: `check digit should be ${expected}`,
    };
  }
  return { valid: true, number, ...parts };
}

export function isValidContainerNumber(s: string): boolean {
  return checkContainerNumber(s).valid;
}

/** Appends the check digit to owner + category + serial, giving a valid 11-character number. */
export function completeContainerNumber(first10: string): string {
  const s = first10.toUpperCase();
  return `${s}${iso6346CheckDigit(s)}`;
}
