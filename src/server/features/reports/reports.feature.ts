import { defineFeature, featureJob } from '../../feature.ts';
import { REPORT_OUTCOME_MAIL_JOB, sendReportOutcomeMail } from './reports.jobs.ts';
import { reportsRoutes } from './reports.routes.ts';
import { reportsLoadContext } from './reports-pages.ts';

/**
 * Members' reports and the complaints form's submissions in one queue for moderators, and what
 * they decide: dismiss, warn, hide the profile, suspend, lift a suspension. Reports stay when an
 * account is erased (the users row stays as a stub): they are the record of a decision.
 */
export const reportsFeature = defineFeature({
  name: 'reports',
  routes: reportsRoutes,
  loadContext: reportsLoadContext,
  jobs: [
    featureJob(
      REPORT_OUTCOME_MAIL_JOB,
      ({ services }) =>
        (payload) =>
          sendReportOutcomeMail(services, payload),
    ),
  ],
});
