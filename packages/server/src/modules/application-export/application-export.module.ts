import { defineModule } from '../../module';
import { registerApplicationExportRoutes } from './application-export.routes';
import { createApplicationExportService } from './application-export.service';

/** The applications list as CSV or XLSX. */
export const exportModule = defineModule({
  name: 'exports',
  needs: ['customForms'],
  create: ({ db, fieldCrypto, now }, { customForms }) =>
    createApplicationExportService({ db, fieldCrypto, forms: customForms, now }),
  routes: (app, exports) => registerApplicationExportRoutes(app, { exports }),
});
