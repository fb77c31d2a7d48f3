import { defineModule } from '../../../module';
import { registerApplicationExportRoutes } from './export.routes';
import { createApplicationExportService } from './export.service';

/** The applications list as CSV or XLSX. */
export const exportModule = defineModule({
  name: 'exports',
  needs: ['customForms'],
  create: ({ db, fieldCrypto, now }, { customForms }) =>
    createApplicationExportService({ db, fieldCrypto, forms: customForms, now }),
  routes: (app, exports) => registerApplicationExportRoutes(app, { exports }),
});
