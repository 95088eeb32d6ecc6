import { z } from 'zod';
import { LanguageCode } from '../language';
import { UNSAFE_CONTENT } from '../messages';
import type { Issue, Validation } from '../validation';
import { collect, invalid, isUnsafeText, issue, required, valid } from '../validation';

/**
 * Text change requests (themes-and-bulk-update §3, §4): a publisher asks to change the fixed text of
 * an Advanced Customisation or Consent-or-Pay body; an admin approves or rejects it.
 */

export const CustomizationType = z.enum(['advanced', 'CoP']);
export type CustomizationType = z.infer<typeof CustomizationType>;
export const CUSTOMIZATION_TYPE_LABELS: Record<CustomizationType, string> = {
  advanced: 'Advanced Customisation',
  CoP: 'Consent or Pay',
};

export const TextRequestStatus = z.enum(['in-progress', 'approved', 'rejected']);
export type TextRequestStatus = z.infer<typeof TextRequestStatus>;
export const TEXT_REQUEST_STATUS_LABELS: Record<TextRequestStatus, string> = {
  'in-progress': 'In Progress',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** An admin's decision: the `status` query of the status call. */
export const TextRequestDecision = z.enum(['approved', 'rejected']);
export type TextRequestDecision = z.infer<typeof TextRequestDecision>;

export const TextChangeRequest = z.object({
  id: z.number().int().positive(),
  language: LanguageCode,
  customizationType: CustomizationType,
  customizationText: z.string(),
  reason: z.string(),
  status: TextRequestStatus,
  /** Epoch seconds. */
  createdOn: z.number().int().nonnegative(),
  themeId: z.string(),
  /** Epoch seconds of the admin's decision, when the server records it. */
  updatedOn: z.number().int().nonnegative().optional(),
});
export type TextChangeRequest = z.infer<typeof TextChangeRequest>;

/** One request as the form submits it. */
export const TextChangeRequestDraft = z.object({
  customizationText: z.string(),
  reason: z.string(),
  language: LanguageCode,
  customizationType: CustomizationType,
  themeId: z.string(),
});
export type TextChangeRequestDraft = z.infer<typeof TextChangeRequestDraft>;

/** The create call's body: an array of requests. */
export const CreateTextChangeRequests = z.array(TextChangeRequestDraft).min(1);
export type CreateTextChangeRequests = z.infer<typeof CreateTextChangeRequests>;

export const TEXT_REQUIRED = 'Please input the text you want to add!';
export const REASON_REQUIRED = 'Please input the reason to change text!';
export const TEXT_REQUEST_REVIEWING = "We're reviewing your content...";
export const TEXT_REQUEST_APPLIED =
  'Your custom message has been applied. Modifications can only be requested again after 15 days from approval.';
export const TEXT_REQUEST_REJECTED = 'Your request has been rejected. Please submit a new request.';

export const TEXT_REQUEST_MODAL_TITLES = {
  request: 'Text Change Request',
  underReview: 'Your Request is under Review',
  submitted: 'Text change submitted requests',
} as const;

/** The review modal's text, with the request's reference id (wording ours). */
export const textRequestReviewMessage = (referenceId: number | string): string =>
  `Your request (reference ID ${referenceId}) has been submitted. Our team will review it and notify you by email.`;

/**
 * The e-mail the requester gets when an admin decides (wording ours around the spec's status
 * messages): the theme, the language, the requested text and what happens next.
 */
export function textRequestDecisionMail(
  request: Pick<TextChangeRequest, 'id' | 'language' | 'customizationType' | 'customizationText'>,
  decision: TextRequestDecision,
  themeName: string,
): { subject: string; text: string } {
  const outcome = decision === 'approved' ? TEXT_REQUEST_APPLIED : TEXT_REQUEST_REJECTED;
  return {
    subject: `Your text change request ${request.id} was ${decision}`,
    text: [
      `Your text change request (reference ID ${request.id}) for the theme "${themeName}" has been ${decision}.`,
      '',
      `${CUSTOMIZATION_TYPE_LABELS[request.customizationType]}, language ${request.language}:`,
      request.customizationText,
      '',
      outcome,
      '',
    ].join('\n'),
  };
}

/** Only an in-progress request can be decided, and only by an admin (wording ours). */
export const TEXT_REQUEST_NOT_IN_PROGRESS =
  'Only an in-progress request can be approved or rejected';
export const TEXT_REQUEST_ADMIN_ONLY = 'Only an administrator can approve or reject a request';

/** Columns of the submitted-requests table. */
export const TEXT_REQUEST_COLUMNS = [
  { key: 'id', title: 'Reference ID' },
  { key: 'language', title: 'Language' },
  { key: 'customizationText', title: 'Requested text' },
  { key: 'reason', title: 'Reason' },
  { key: 'createdOn', title: 'Submitted on' },
  { key: 'status', title: 'Status' },
] as const satisfies ReadonlyArray<{ key: keyof TextChangeRequest; title: string }>;

/** After approval a new request is allowed after 15 days (1,296,000,000 ms). */
export const TEXT_REQUEST_COOLDOWN_MS = 1296e6;

/** The proposed text and the reason are required; the text may not carry script. */
export function validateTextChangeRequest(
  draft: Pick<TextChangeRequestDraft, 'customizationText' | 'reason'>,
): Validation<typeof draft> {
  return collect(draft, [
    required('customizationText', draft.customizationText, TEXT_REQUIRED),
    isUnsafeText(draft.customizationText)
      ? issue('customizationText', 'unsafe', UNSAFE_CONTENT)
      : undefined,
    required('reason', draft.reason, REASON_REQUIRED),
  ]);
}

/** Where a theme's language text stands with its requests. */
export interface TextRequestState {
  /** The latest request for that theme, language and type, if any. */
  latest?: TextChangeRequest;
  /** Whether a new request can be made now. */
  canRequest: boolean;
  /** When a new request becomes possible, while waiting after an approval. */
  nextRequestAt?: Date;
  /** Which text the banner uses: the approved custom text, or the standard one. */
  textInUse: 'custom' | 'standard';
  /** The request textarea is locked while a request is in progress. */
  locked: boolean;
  message?: string;
}

/**
 * The state of one theme language's text: while a request is in progress the standard text
 * applies and the textarea is locked; after an approval the custom text applies and a new request
 * waits 15 days from the decision (or from submission when the decision time is unknown); after a
 * rejection a new request can be made at once.
 */
export function textRequestState(
  requests: readonly TextChangeRequest[],
  target: { themeId: string; language: LanguageCode; customizationType: CustomizationType },
  now: Date,
): TextRequestState {
  const latest = requests
    .filter(
      (r) =>
        r.themeId === target.themeId &&
        r.language === target.language &&
        r.customizationType === target.customizationType,
    )
    .reduce<TextChangeRequest | undefined>(
      (best, r) => (!best || r.createdOn > best.createdOn ? r : best),
      undefined,
    );
  if (!latest) return { canRequest: true, textInUse: 'standard', locked: false };
  switch (latest.status) {
    case 'in-progress':
      return {
        latest,
        canRequest: false,
        textInUse: 'standard',
        locked: true,
        message: TEXT_REQUEST_REVIEWING,
      };
    case 'approved': {
      const next = new Date(
        (latest.updatedOn ?? latest.createdOn) * 1000 + TEXT_REQUEST_COOLDOWN_MS,
      );
      const canRequest = now.getTime() >= next.getTime();
      return {
        latest,
        canRequest,
        ...(canRequest ? {} : { nextRequestAt: next }),
        textInUse: 'custom',
        locked: false,
        message: TEXT_REQUEST_APPLIED,
      };
    }
    case 'rejected':
      return {
        latest,
        canRequest: true,
        textInUse: 'standard',
        locked: false,
        message: TEXT_REQUEST_REJECTED,
      };
  }
}

/**
 * Whether a theme's content of one type is under review: the latest request of some language is
 * in progress, so that language's standard text is used until approval (properties-and-tags §8,
 * 'CoP content is currently under review. Standard text is being used until approval.').
 */
export function isContentUnderReview(
  requests: readonly TextChangeRequest[],
  target: { themeId: string; customizationType: CustomizationType },
  now: Date,
): boolean {
  const languages = new Set(
    requests
      .filter(
        (r) => r.themeId === target.themeId && r.customizationType === target.customizationType,
      )
      .map((r) => r.language),
  );
  return [...languages].some(
    (language) => textRequestState(requests, { ...target, language }, now).locked,
  );
}

/** Approve and Reject are shown to admins on in-progress requests. */
export const canDecideTextRequest = (
  request: Pick<TextChangeRequest, 'status'>,
  user: { isAdmin: boolean },
): boolean => user.isAdmin && request.status === 'in-progress';

/** An admin's decision on an in-progress request. */
export function decideTextRequest(
  request: TextChangeRequest,
  decision: TextRequestDecision,
  user: { isAdmin: boolean },
  now: Date,
): Validation<TextChangeRequest> {
  const problems: Issue[] = [];
  if (!user.isAdmin) problems.push(issue('status', 'adminOnly', TEXT_REQUEST_ADMIN_ONLY));
  if (request.status !== 'in-progress') {
    problems.push(issue('status', 'inProgressOnly', TEXT_REQUEST_NOT_IN_PROGRESS));
  }
  if (problems.length) return invalid(problems);
  return valid({ ...request, status: decision, updatedOn: Math.floor(now.getTime() / 1000) });
}

/**
 * In create mode the theme has no id yet: requests wait locally and are sent, with the new id,
 * once the theme is saved.
 */
export type PendingTextRequest = Omit<TextChangeRequestDraft, 'themeId'>;

export const queueTextRequest = (
  queue: readonly PendingTextRequest[],
  request: PendingTextRequest,
): PendingTextRequest[] => [
  ...queue.filter(
    (r) => !(r.language === request.language && r.customizationType === request.customizationType),
  ),
  request,
];

export const pendingRequestsFor = (
  queue: readonly PendingTextRequest[],
  themeId: string,
): TextChangeRequestDraft[] => queue.map((r) => ({ ...r, themeId }));
