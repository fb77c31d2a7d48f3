import { startApp } from '../start-app';
import { CLIENT_PUBLIC_PATHS, clientRoutes } from './routes';

startApp({ pool: 'client', routes: clientRoutes, homePath: '/', publicPaths: CLIENT_PUBLIC_PATHS });
