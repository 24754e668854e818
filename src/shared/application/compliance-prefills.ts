// Step 4's answers taken from earlier ones (see prefills.ts): the total of employees, and the month
// of the first wages as the expected hiring date. Nothing here is a rule: the schemas check the
// answers as given.

/** The total of the chosen types' counts, while every chosen count is a whole number; '' otherwise. */
export function totalEmployeesOf(employeeTypes: unknown, counts: Record<string, unknown> | undefined): string {
  const chosen = Array.isArray(employeeTypes) ? employeeTypes.filter((type): type is string => typeof type === 'string') : [];
  if (chosen.length === 0) return '';
  let total = 0;
  for (const type of chosen) {
    const count = counts?.[type];
    if (typeof count !== 'string' || !/^\d{1,7}$/.test(count)) return '';
    total += Number(count);
  }
  return total > 0 ? String(total) : '';
}

/** The month of the first wages as "MM/YYYY", the expected hiring date's form; '' without a full date. */
export function hireMonthOf(firstWageDate: unknown): string {
  const match = typeof firstWageDate === 'string' ? /^(\d{4})-(\d{2})-\d{2}$/.exec(firstWageDate) : null;
  return match ? `${match[2]}/${match[1]}` : '';
}
