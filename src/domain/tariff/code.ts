/** An HS or GTİP code as digits: 6, 8, 10 or 12 of them, dots and spaces allowed in the input. */
export function normaliseTariffCode(input: string): string | null {
  const digits = input.replace(/[.\s]/g, '');
  return /^\d{6}(\d{2}){0,3}$/.test(digits) ? digits : null;
}
