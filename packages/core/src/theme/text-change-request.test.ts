import { describe, expect, it } from 'vitest';
import { JAN_1_2026_SECONDS, textChangeRequest } from '../testing/theme';
import { issuesToFields } from '../validation';
import {
  CreateTextChangeRequests,
  TEXT_REQUEST_COOLDOWN_MS,
  TEXT_REQUEST_MODAL_TITLES,
  TEXT_REQUEST_STATUS_LABELS,
  canDecideTextRequest,
  decideTextRequest,
  isContentUnderReview,
  pendingRequestsFor,
  queueTextRequest,
  TEXT_REQUEST_APPLIED,
  TEXT_REQUEST_REJECTED,
  textRequestDecisionMail,
  textRequestReviewMessage,
  textRequestState,
  validateTextChangeRequest,
} from './text-change-request';

const DAY_MS = 86_400_000;
const submitted = new Date(JAN_1_2026_SECONDS * 1000);
const after = (ms: number) => new Date(submitted.getTime() + ms);
const target = { themeId: '42', language: 'en', customizationType: 'advanced' } as const;

describe('text change request validation', () => {
  it('requires the proposed text and the reason, with the spec messages', () => {
    const result = validateTextChangeRequest({ customizationText: ' ', reason: '' });
    expect(result.ok).toBe(false);
    expect(!result.ok && issuesToFields(result.issues)).toEqual({
      customizationText: 'Please input the text you want to add!',
      reason: 'Please input the reason to change text!',
    });
    expect(validateTextChangeRequest({ customizationText: 'New text', reason: 'Why' }).ok).toBe(
      true,
    );
  });

  it('takes an array of requests to create', () => {
    const body = [
      {
        customizationText: 't',
        reason: 'r',
        language: 'de',
        customizationType: 'CoP',
        themeId: '42',
      },
    ];
    expect(CreateTextChangeRequests.parse(body)).toEqual(body);
    expect(CreateTextChangeRequests.safeParse([]).success).toBe(false);
  });
});

describe('text change request status', () => {
  it('labels the statuses', () => {
    expect(TEXT_REQUEST_STATUS_LABELS).toEqual({
      'in-progress': 'In Progress',
      approved: 'Approved',
      rejected: 'Rejected',
    });
  });

  it('without a request: a request can be made and the standard text applies', () => {
    expect(textRequestState([], target, submitted)).toEqual({
      canRequest: true,
      textInUse: 'standard',
      locked: false,
    });
  });

  it('in progress: standard text, textarea locked, reviewing message', () => {
    const state = textRequestState([textChangeRequest()], target, after(DAY_MS));
    expect(state).toMatchObject({
      canRequest: false,
      textInUse: 'standard',
      locked: true,
      message: "We're reviewing your content...",
    });
  });

  it('approved: custom text, a new request only 15 days (1296e6 ms) after approval', () => {
    expect(TEXT_REQUEST_COOLDOWN_MS).toBe(15 * DAY_MS);
    const approved = textChangeRequest({
      status: 'approved',
      updatedOn: JAN_1_2026_SECONDS + 86_400,
    });
    const early = textRequestState(
      [approved],
      target,
      after(DAY_MS + TEXT_REQUEST_COOLDOWN_MS - 1),
    );
    expect(early).toMatchObject({
      canRequest: false,
      textInUse: 'custom',
      message:
        'Your custom message has been applied. Modifications can only be requested again after 15 days from approval.',
      nextRequestAt: after(DAY_MS + TEXT_REQUEST_COOLDOWN_MS),
    });
    expect(
      textRequestState([approved], target, after(DAY_MS + TEXT_REQUEST_COOLDOWN_MS)).canRequest,
    ).toBe(true);
  });

  it('approved without a decision time counts from submission', () => {
    const approved = textChangeRequest({ status: 'approved' });
    expect(textRequestState([approved], target, after(TEXT_REQUEST_COOLDOWN_MS)).canRequest).toBe(
      true,
    );
  });

  it('rejected: a new request can be made at once', () => {
    const state = textRequestState([textChangeRequest({ status: 'rejected' })], target, after(1));
    expect(state).toMatchObject({
      canRequest: true,
      textInUse: 'standard',
      message: 'Your request has been rejected. Please submit a new request.',
    });
  });

  it('reads the latest request of the same theme, language and type', () => {
    const requests = [
      textChangeRequest({ id: 1, status: 'approved' }),
      textChangeRequest({ id: 2, status: 'rejected', createdOn: JAN_1_2026_SECONDS + 10 }),
      textChangeRequest({
        id: 3,
        status: 'in-progress',
        language: 'de',
        createdOn: JAN_1_2026_SECONDS + 20,
      }),
      textChangeRequest({
        id: 4,
        status: 'in-progress',
        customizationType: 'CoP',
        createdOn: JAN_1_2026_SECONDS + 20,
      }),
    ];
    expect(textRequestState(requests, target, after(DAY_MS)).latest?.id).toBe(2);
  });
});

describe('content under review', () => {
  const cop = { themeId: '42', customizationType: 'CoP' } as const;

  it('is true while the latest request of some language of the type is in progress', () => {
    const now = after(DAY_MS);
    expect(isContentUnderReview([], cop, now)).toBe(false);
    // An Advanced Customisation request in review says nothing about Consent or Pay.
    expect(isContentUnderReview([textChangeRequest()], cop, now)).toBe(false);
    const copInReview = textChangeRequest({ id: 2, customizationType: 'CoP', language: 'de' });
    expect(isContentUnderReview([textChangeRequest(), copInReview], cop, now)).toBe(true);
    // Another theme's request does not count.
    expect(isContentUnderReview([copInReview], { ...cop, themeId: '43' }, now)).toBe(false);
  });

  it('is false once the latest request of each language was decided', () => {
    const requests = [
      textChangeRequest({ id: 1, customizationType: 'CoP' }),
      textChangeRequest({
        id: 2,
        customizationType: 'CoP',
        status: 'approved',
        createdOn: JAN_1_2026_SECONDS + 10,
      }),
      textChangeRequest({ id: 3, customizationType: 'CoP', language: 'fr', status: 'rejected' }),
    ];
    expect(isContentUnderReview(requests, cop, after(DAY_MS))).toBe(false);
  });
});

describe('admin decisions', () => {
  const admin = { isAdmin: true };
  const now = after(DAY_MS);

  it('shows Approve and Reject to admins on in-progress requests only', () => {
    expect(canDecideTextRequest(textChangeRequest(), admin)).toBe(true);
    expect(canDecideTextRequest(textChangeRequest(), { isAdmin: false })).toBe(false);
    expect(canDecideTextRequest(textChangeRequest({ status: 'approved' }), admin)).toBe(false);
  });

  it('approves or rejects an in-progress request and records the time', () => {
    const approved = decideTextRequest(textChangeRequest(), 'approved', admin, now);
    expect(approved).toEqual({
      ok: true,
      value: { ...textChangeRequest(), status: 'approved', updatedOn: JAN_1_2026_SECONDS + 86_400 },
    });
    const rejected = decideTextRequest(textChangeRequest(), 'rejected', admin, now);
    expect(rejected.ok && rejected.value.status).toBe('rejected');
  });

  it('refuses a decided request and a non-admin', () => {
    const decided = decideTextRequest(
      textChangeRequest({ status: 'rejected' }),
      'approved',
      admin,
      now,
    );
    expect(!decided.ok && decided.issues.map((i) => i.rule)).toEqual(['inProgressOnly']);
    const user = decideTextRequest(textChangeRequest(), 'approved', { isAdmin: false }, now);
    expect(!user.ok && user.issues.map((i) => i.rule)).toEqual(['adminOnly']);
  });
});

describe('modals and create mode', () => {
  it('names the modals and shows the reference id in the review modal', () => {
    expect(TEXT_REQUEST_MODAL_TITLES).toEqual({
      request: 'Text Change Request',
      underReview: 'Your Request is under Review',
      submitted: 'Text change submitted requests',
    });
    expect(textRequestReviewMessage(7)).toContain('reference ID 7');
    expect(textRequestReviewMessage(7)).toContain('email');
  });

  it('keeps requests locally until the theme is saved, one per language and type', () => {
    const a = {
      customizationText: 'a',
      reason: 'r',
      language: 'en',
      customizationType: 'advanced',
    } as const;
    const b = { ...a, customizationText: 'b' };
    const c = { ...a, customizationType: 'CoP' } as const;
    const queue = queueTextRequest(queueTextRequest(queueTextRequest([], a), c), b);
    expect(queue).toEqual([c, b]);
    expect(pendingRequestsFor(queue, '99')).toEqual([
      { ...c, themeId: '99' },
      { ...b, themeId: '99' },
    ]);
  });
});

describe('textRequestDecisionMail', () => {
  it("names the request, the theme and the text, with the spec's message for the decision", () => {
    const request = textChangeRequest({ id: 9 });
    const approved = textRequestDecisionMail(request, 'approved', 'News');
    expect(approved.subject).toBe('Your text change request 9 was approved');
    expect(approved.text).toContain('(reference ID 9) for the theme "News" has been approved');
    expect(approved.text).toContain(request.customizationText);
    expect(approved.text).toContain(TEXT_REQUEST_APPLIED);
    const rejected = textRequestDecisionMail(request, 'rejected', 'News');
    expect(rejected.text).toContain(TEXT_REQUEST_REJECTED);
    expect(rejected.text).not.toContain(TEXT_REQUEST_APPLIED);
  });
});
