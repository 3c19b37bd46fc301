import { defineFeature, featureJob } from '../../feature.ts';
import { serviceResult } from '../../plugins/errors.ts';
import { complaintLimitersState, submitPageComplaint } from './complaints.rate-limit.ts';
import { complaintsRoutes } from './complaints.routes.ts';
import { COMPLAINT_MAIL_JOB, sendComplaintMailJob } from './complaints.service.ts';

export const complaintsFeature = defineFeature({
  name: 'complaints',
  routes: complaintsRoutes,
  state: [complaintLimitersState],
  jobs: [
    featureJob(
      COMPLAINT_MAIL_JOB,
      ({ services }) =>
        (payload) =>
          sendComplaintMailJob(services, payload),
    ),
  ],
  // The page form, counted with the API call against one per-IP allowance.
  loadContext: (services, { app, request, reply }) => ({
    site: {
      submitComplaint: (input) =>
        serviceResult(() => submitPageComplaint(app, services, request, reply, input)),
    },
  }),
});
