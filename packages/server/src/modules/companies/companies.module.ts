import { defineModule } from '../../module';
import { registerCompanyRoutes } from './companies.routes';
import { createCompaniesService } from './companies.service';

/** Client companies: registration, logo, domains. */
export const companiesModule = defineModule({
  name: 'companies',
  needs: ['files'],
  create: ({ db, log, now }, { files }) => createCompaniesService({ db, files, log, now }),
  routes: (app, companies) => registerCompanyRoutes(app, { companies }),
});
