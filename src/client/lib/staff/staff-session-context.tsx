import { createContext, useContext } from 'react';
import type { StaffUser } from '#shared/staff/session.ts';

/** The signed-in staff member, provided by the `/manage` layout once its guard has passed. */
export const StaffUserContext = createContext<StaffUser | null>(null);

export function useStaffUser(): StaffUser {
  const user = useContext(StaffUserContext);
  if (!user) throw new Error('useStaffUser is used outside the /manage layout');
  return user;
}
