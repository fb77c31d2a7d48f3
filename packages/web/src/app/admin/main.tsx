import { startApp } from '../start-app';
import { ADMIN_HOME_PATH, ADMIN_PUBLIC_PATHS, adminRoutes } from './routes';

startApp({
  pool: 'admin',
  routes: adminRoutes,
  homePath: ADMIN_HOME_PATH,
  publicPaths: ADMIN_PUBLIC_PATHS,
  basename: '/admin',
});
