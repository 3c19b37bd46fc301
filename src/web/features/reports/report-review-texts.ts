import type { WebLoadContext } from '../../../shared/load-context.ts';

/**
 * The texts of the moderators' report pages: the reasons (reports), the back office's words for
 * them (moderation's report_review) and the complaint form's subjects (service).
 */
export const reportReviewTexts = (context: Pick<WebLoadContext, 'pageTexts'>) => ({
  ...context.pageTexts('reports'),
  ...context.pageTexts('moderation'),
  ...context.pageTexts('service'),
});
