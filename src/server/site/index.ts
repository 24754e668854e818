// The site module's public face: other modules import from here only.
export { registerPageRoutes } from './pages';
export { registerSiteRoutes } from './routes';
