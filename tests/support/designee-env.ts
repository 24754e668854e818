// The third-party designee's settings, which production requires (every SS-4 names the designee, and
// the IRS faxes the EIN back to its fax number): for tests that start the service as in production.
export const designeeEnv = {
  SS4_DESIGNEE_NAME: 'EIN Filing Service LLC',
  SS4_DESIGNEE_ADDRESS: '500 Congress Ave, Austin, TX 78701',
  SS4_DESIGNEE_PHONE: '(512) 555-0100',
  SS4_DESIGNEE_FAX: '(512) 555-0101',
} as const;
