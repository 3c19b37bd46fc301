import { defineFeature, featureJob } from '../../feature.ts';
import { serviceResult } from '../../plugins/errors.ts';
import { ERASE_ACCOUNT_JOB, eraseAccountJob, eraseAccountRowsOf } from './account-deletion.service.ts';
import { SEND_MAIL_JOB, sendMailJob } from './account-mail.ts';
import { authRoutes } from './auth.routes.ts';
import { loginFromPage, loginLimitersState } from './page-login.ts';
import { PASSWORD_RESET_MAIL_JOB, passwordResetMailJob } from './password.service.ts';
import { userAnswersState } from './user-answers.ts';

export const authFeature = defineFeature({
  name: 'auth',
  routes: authRoutes,
  state: [userAnswersState, loginLimitersState],
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
  // The login page's form post without JavaScript, counted with the API's logins.
  loadContext: (services, { app, request, reply }) => ({
    auth: { login: (input) => serviceResult(() => loginFromPage(app, services, request, reply, input)) },
  }),
});
