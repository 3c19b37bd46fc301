import { defineFeature, featureJob } from '../../feature.ts';
import { authRoutes } from './auth.routes.ts';
import {
  ERASE_ACCOUNT_JOB,
  eraseAccountJob,
  eraseAccountRowsOf,
  PASSWORD_RESET_MAIL_JOB,
  passwordResetMailJob,
  SEND_MAIL_JOB,
  sendMailJob,
} from './auth.service.ts';

export const authFeature = defineFeature({
  name: 'auth',
  routes: authRoutes,
  jobs: [
    featureJob(
      SEND_MAIL_JOB,
      ({ services }) =>
        (mail) =>
          sendMailJob(services, mail),
    ),
    featureJob(
      PASSWORD_RESET_MAIL_JOB,
      ({ services }) =>
        (payload) =>
          passwordResetMailJob(services, payload),
    ),
    featureJob(
      ERASE_ACCOUNT_JOB,
      ({ services, features }) =>
        (payload) =>
          eraseAccountJob(services, payload, features),
    ),
  ],
  eraseAccount: (_services, tx, userId) => eraseAccountRowsOf(tx, userId),
});
