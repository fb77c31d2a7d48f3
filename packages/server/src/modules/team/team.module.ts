import { defineModule } from '../../module';
import { registerTeamRoutes } from './team.routes';
import { createTeamService } from './team.service';
import { createTeamJoiningService } from './team-joining.service';

/** Joining a company's team by invitation (used by the profile's first save). */
export const teamJoiningModule = defineModule({
  name: 'teamJoining',
  create: ({ db, now }) => createTeamJoiningService({ db, now }),
});

/** A company's members, invitations and roles. */
export const teamModule = defineModule({
  name: 'team',
  needs: ['mail', 'auth'],
  create: ({ db, throttles, config, now }, { mail, auth }) =>
    createTeamService({ db, throttles, mail, auth, publicUrl: config.publicUrl, now }),
  routes: (app, team) => registerTeamRoutes(app, { team }),
});
