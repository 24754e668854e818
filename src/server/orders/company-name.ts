/** The company an application is for (step 1's name), or null when it has none. */
export function companyNameOf(formData: unknown): string | null {
  const name = (formData as { company?: { companyName?: unknown } } | null)?.company?.companyName;
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : null;
}
