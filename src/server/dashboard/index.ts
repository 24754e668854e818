// Dashboard: the panel's first page for admins (decision 066). The refresh job counts each day's and
// week's figures ahead into tables of their own (`refreshDashboard`), so each call reads a few hundred
// rows at any volume; the routes answer the figures and each chart's numbers, as JSON and as CSV.
export { refreshDashboard, type DashboardRefresh } from './refresh-dashboard';
