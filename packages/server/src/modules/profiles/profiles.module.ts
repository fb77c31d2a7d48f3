import { defineModule } from '../../module';
import { registerProfileRoutes } from './profiles.routes';
import { createProfilesService } from './profiles.service';

/** The caller's own profile. */
export const profilesModule = defineModule({
  name: 'profiles',
  needs: ['teamJoining'],
  create: ({ db }, { teamJoining }) => createProfilesService({ db, joining: teamJoining }),
  routes: (app, profiles) => registerProfileRoutes(app, { profiles }),
});
