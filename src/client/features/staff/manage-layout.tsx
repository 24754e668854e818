import { useEffect, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { BookOpen, ChartColumn, CircleAlert, ClipboardList, FileLock2, History, LoaderCircle, LogOut, Printer, ShieldCheck, UserRound, Users, type LucideIcon } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { hasErrorCode } from '#client/lib/api.ts';
import { paths } from '#client/paths.ts';
import { deniedRedirectDelayMs, type StaffUser } from '#shared/staff/session.ts';
import { staffRoleLabels } from '#shared/staff/roles.ts';
import { can, type Permission } from '#shared/staff/permissions.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { StaffUserContext } from '#client/lib/staff/staff-session-context.tsx';
import { deniedMessage, fetchStaffSession, isDenied, isUnauthenticated, retryStaffQuery, signOutStaff, staffSessionKey } from '#client/lib/staff/staff-api.ts';
import { loginPathFor, type LoginPageState } from '#client/lib/staff/login-redirect.ts';
import { StepUpProvider } from '#client/lib/staff/step-up.tsx';
import { FirstSignInSetup } from './first-sign-in';

/**
 * `/manage`: the guard of every staff page, and the panel around them. No session goes to the login
 * page; a signed-in account without a staff role, or a suspended one, is told why, signed out and
 * sent to the login page after the spec's 2 seconds.
 */
export function ManageLayout() {
  const location = useLocation();
  const session = useQuery({
    queryKey: staffSessionKey,
    queryFn: fetchStaffSession,
    retry: retryStaffQuery,
    // Coming back to the tab is when an ended session is most likely: check it then.
    refetchOnWindowFocus: true,
  });
  const { data, error } = session;

  if (isUnauthenticated(error)) {
    const state: LoginPageState = hasErrorCode(error, 'session_expired') ? { notice: staffMessages.sessionExpired } : {};
    return <Navigate to={loginPathFor(location)} replace state={state} />;
  }
  if (isDenied(error)) {
    return <AccessDenied message={deniedMessage(error)} />;
  }
  // A failed re-check of a session that was fine keeps the page: the next check or API call decides.
  // A new password or two-factor set-up first: the panel opens only after.
  if (data?.required) return <FirstSignInSetup session={data} />;
  if (data) {
    return (
      <StaffUserContext.Provider value={data.user}>
        <ManageShell user={data.user} />
      </StaffUserContext.Provider>
    );
  }
  if (error) return <GuardMessage message={staffMessages.accountStatusUnknown} onRetry={() => void session.refetch()} retrying={session.isFetching} />;
  return (
    <GuardFrame>
      <p role="status" className="flex items-center gap-2 text-slate-600">
        <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
        Loading...
      </p>
    </GuardFrame>
  );
}

function GuardFrame({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <title>Management Panel | EIN Filing Service</title>
      {children}
    </main>
  );
}

function GuardMessage({ message, onRetry, retrying }: { message: string; onRetry?: () => void; retrying?: boolean }) {
  return (
    <GuardFrame>
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
        <CircleAlert className="mx-auto size-8 text-red-600" aria-hidden="true" />
        <h1 className="mt-3 text-lg font-semibold text-slate-900">Management Panel</h1>
        <p role="alert" className="mt-2 text-slate-700">
          {message}
        </p>
        {onRetry ? (
          <Button className="mt-4" onClick={onRetry} disabled={retrying}>
            {retrying ? 'Checking...' : 'Try again'}
          </Button>
        ) : null}
      </div>
    </GuardFrame>
  );
}

/** Shows why, ends the session on the server, and goes to the login page after the spec's delay. */
function AccessDenied({ message }: { message: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    signOutStaff().catch((error: unknown) => console.error('Signing out a denied account failed', error));
    const timer = setTimeout(() => void navigate(paths.manageLogin, { replace: true }), deniedRedirectDelayMs);
    return () => clearTimeout(timer);
  }, [navigate]);
  return <GuardMessage message={message} />;
}

/** The panel's navigation, in order; a link with a permission shows only to members who have it. */
const staffNavLinks: { to: string; Icon: LucideIcon; label: string; permission?: Permission }[] = [
  { to: paths.manageDashboard, Icon: ChartColumn, label: 'Dashboard', permission: 'dashboard:read' },
  { to: paths.manageOrders, Icon: ClipboardList, label: 'Orders' },
  { to: paths.manageFaxInbox, Icon: Printer, label: 'Fax inbox', permission: 'fax-inbox:read' },
  { to: paths.manageUsers, Icon: Users, label: 'Users', permission: 'users:manage' },
  { to: paths.manageAudit, Icon: History, label: 'Audit Trail', permission: 'audit:read' },
  { to: paths.manageCustomerData, Icon: FileLock2, label: 'Customer Data', permission: 'customers:data-requests' },
  { to: paths.manageAccount, Icon: UserRound, label: 'My Account' },
  { to: paths.manageApi, Icon: BookOpen, label: 'API Reference' },
];

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`;

function ManageShell({ user }: { user: StaffUser }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);

  async function logOut() {
    setSigningOut(true);
    try {
      await signOutStaff();
    } catch (error) {
      // The cookie may outlive this, but the panel forgets everything it showed either way.
      console.error('Signing out failed', error);
    }
    await navigate(paths.manageLogin, { replace: true });
    queryClient.clear();
  }

  return (
    <div className="min-h-dvh bg-slate-50 md:flex">
      <a
        href="#manage-main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-700 shadow focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        Skip to main content
      </a>
      <aside className="border-b border-slate-200 bg-white md:w-60 md:shrink-0 md:border-r md:border-b-0">
        <div className="md:sticky md:top-0 md:flex md:h-dvh md:flex-col">
          <div className="flex items-center justify-between gap-3 px-4 pt-3 md:pt-6">
            <p className="flex items-center gap-2 font-semibold text-slate-900">
              <ShieldCheck className="size-5 text-brand-600" aria-hidden="true" />
              Management Panel
            </p>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2 px-2 py-2 md:flex-1 md:flex-col md:flex-nowrap md:items-stretch md:px-3 md:py-4">
            <nav aria-label="Management Panel" className="min-w-0 md:flex-1">
              <ul className="flex flex-wrap gap-1 md:flex-col">
                {staffNavLinks
                  .filter((link) => link.permission === undefined || can(user, link.permission))
                  .map(({ to, Icon, label }) => (
                    <li key={to}>
                      <NavLink to={to} className={navLinkClass}>
                        <Icon className="size-4" aria-hidden="true" />
                        {label}
                      </NavLink>
                    </li>
                  ))}
              </ul>
            </nav>
            <div className="flex items-center gap-2 md:flex-col md:items-stretch md:border-t md:border-slate-200 md:pt-4">
              <p className="hidden px-3 text-sm md:block">
                <span className="block truncate font-medium text-slate-900">{user.name}</span>
                <span className="block text-slate-600">{staffRoleLabels[user.role]}</span>
              </p>
              <Button variant="ghost" onClick={() => void logOut()} disabled={signingOut} className="md:justify-start">
                <LogOut className="size-4" aria-hidden="true" />
                {signingOut ? 'Logging out...' : 'Logout'}
              </Button>
            </div>
          </div>
        </div>
      </aside>
      <main id="manage-main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 md:py-8">
        <StepUpProvider>
          <Outlet />
        </StepUpProvider>
      </main>
    </div>
  );
}
