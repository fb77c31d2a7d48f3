import { MeSchema } from '../accounts/me.schema';
import {
  EmailCheckBodySchema,
  EmailCheckResponseSchema,
  ProfileBodySchema,
  ProfileSchema,
  TempProfileBodySchema,
  TempProfileResponseSchema,
  UpdateProfileBodySchema,
} from '../accounts/profile.schema';
import { endpoint } from './contract';

/** The signed-in user, profiles and company registration (spec 2 §7 "Authentication": profile calls). */
export const ACCOUNTS_API = {
  getMe: endpoint({ method: 'GET', path: '/api/me', response: MeSchema, tag: 'accounts' }),
  createProfile: endpoint({
    method: 'POST',
    path: '/api/profiles',
    body: ProfileBodySchema,
    status: 201,
    response: ProfileSchema,
    tag: 'profiles',
    summary: 'Registers the company, or joins the team of an invitation',
  }),
  saveTempProfile: endpoint({
    method: 'POST',
    path: '/api/profiles/temp',
    body: TempProfileBodySchema,
    status: 201,
    response: TempProfileResponseSchema,
    tag: 'profiles',
  }),
  checkEmail: endpoint({
    method: 'POST',
    path: '/api/signup_check/email',
    body: EmailCheckBodySchema,
    response: EmailCheckResponseSchema,
    tag: 'profiles',
  }),
  getProfile: endpoint({ method: 'GET', path: '/api/profile', response: ProfileSchema, tag: 'profiles' }),
  updateProfile: endpoint({
    method: 'PUT',
    path: '/api/profile',
    body: UpdateProfileBodySchema,
    response: ProfileSchema,
    tag: 'profiles',
  }),
} as const;
