/** Said beside the wizard on every step: who we are, and that the IRS issues EINs free. */
export const privateServiceNote =
  'EIN Filing Service is a private company, not the IRS. The IRS issues EINs free of charge; our fee covers preparing, reviewing and filing your application for you.';
