import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import {
  afterSiteSavePath,
  appFetchView,
  appPageView,
  isEmptyCurrentItem,
  propertyLoadFailureView,
  siteDetailPath,
  siteDetailTab,
  siteDetailTabs,
  siteDetailView,
  sitePageView,
} from './navigation';

const failure = (httpStatus: number) =>
  new ApiError(httpStatus, { status: 'X', message: `HTTP ${httpStatus}` });
const LIST = '/protect/p-AB12/properties';

describe('site pages (properties-and-tags §2, §4)', () => {
  it('shows the form for new, edit, delete and newuser; edit and delete need an id', () => {
    expect(sitePageView('AB12', 'new')).toEqual({ kind: 'form', action: 'new' });
    expect(sitePageView('AB12', 'newuser')).toEqual({ kind: 'form', action: 'newuser' });
    expect(sitePageView('AB12', 'edit', 'u1')).toEqual({ kind: 'form', action: 'edit' });
    expect(sitePageView('AB12', 'delete', 'u1')).toEqual({ kind: 'form', action: 'delete' });
    expect(sitePageView('AB12', 'edit')).toEqual({ kind: 'not-found' });
    expect(sitePageView('AB12', 'delete')).toEqual({ kind: 'not-found' });
    expect(sitePageView('AB12', 'copy', 'u1')).toEqual({ kind: 'not-found' });
    expect(sitePageView('AB12', undefined)).toEqual({ kind: 'redirect', to: LIST });
  });

  it('returns a saved site to the properties list, or to its detail when edited from there', () => {
    expect(afterSiteSavePath('AB12')).toBe(LIST);
    expect(afterSiteSavePath('AB12', 'u1')).toBe('/protect/p-AB12/sites/detail/u1');
  });

  it('reads a failed load: 404 or 400 not found, 401 or 403 access denied, else the failure', () => {
    expect(propertyLoadFailureView(failure(404))).toBe('not-found');
    expect(propertyLoadFailureView(failure(400))).toBe('not-found');
    expect(propertyLoadFailureView(failure(401))).toBe('restricted');
    expect(propertyLoadFailureView(failure(403))).toBe('restricted');
    expect(propertyLoadFailureView(failure(500))).toBe('failed');
    expect(propertyLoadFailureView(new Error('x'))).toBe('failed');
  });
});

describe('site detail (properties-and-tags §2, §4)', () => {
  it('builds the detail paths with their optional page segment', () => {
    expect(siteDetailPath('AB12', 'u 1')).toBe('/protect/p-AB12/sites/detail/u%201');
    expect(siteDetailPath('AB12', 'u1', 'ab-testing')).toBe(
      '/protect/p-AB12/sites/detail/u1/ab-testing',
    );
  });

  it('the tab follows the URL; no id or an unknown page is not found; /edit is the form', () => {
    expect(siteDetailView('u1', undefined)).toEqual({ kind: 'detail', id: 'u1', tab: 'reports' });
    expect(siteDetailView('u1', 'ab-testing')).toEqual({
      kind: 'detail',
      id: 'u1',
      tab: 'ab-testing',
    });
    expect(siteDetailView('u1', 'edit')).toEqual({ kind: 'edit', id: 'u1' });
    expect(siteDetailView('u1', 'settings')).toEqual({ kind: 'not-found' });
    expect(siteDetailView(undefined, undefined)).toEqual({ kind: 'not-found' });
  });

  it('shows the A/B Testing tab only for sites with A/B test collections', () => {
    expect(siteDetailTabs({})).toEqual(['reports']);
    expect(siteDetailTabs({ abTestingSitesCollection: [] })).toEqual(['reports']);
    expect(siteDetailTabs({ abTestingSitesCollection: [{ id: 'ab1' }] })).toEqual([
      'reports',
      'ab-testing',
    ]);
  });

  it('leaving ab-testing for a site without A/B tests redirects to the detail', () => {
    expect(siteDetailTab('AB12', { uuid: 'u1' }, 'ab-testing')).toEqual({
      redirect: '/protect/p-AB12/sites/detail/u1',
    });
    expect(siteDetailTab('AB12', { uuid: 'u1' }, 'reports')).toEqual({ tab: 'reports' });
    expect(
      siteDetailTab('AB12', { uuid: 'u1', abTestingSitesCollection: [{}] }, 'ab-testing'),
    ).toEqual({ tab: 'ab-testing' });
  });
});

describe('app pages (properties-and-tags §2, §4)', () => {
  it('new shows Create New App; edit and detail need an id, else the properties list', () => {
    expect(appPageView('AB12', 'new')).toEqual({ kind: 'new' });
    expect(appPageView('AB12', 'edit', 'a1')).toEqual({ kind: 'edit', id: 'a1' });
    expect(appPageView('AB12', 'detail', 'a1')).toEqual({ kind: 'detail', id: 'a1' });
    expect(appPageView('AB12', 'edit')).toEqual({ kind: 'redirect', to: LIST });
    expect(appPageView('AB12', 'detail')).toEqual({ kind: 'redirect', to: LIST });
    expect(appPageView('AB12', undefined)).toEqual({ kind: 'redirect', to: LIST });
    expect(appPageView('AB12', 'copy', 'a1')).toEqual({ kind: 'not-found' });
  });

  it('an app fetch that brings no app goes back to the properties list', () => {
    const back = { kind: 'redirect', to: LIST };
    expect(appFetchView('AB12', { status: 'success', data: null })).toEqual(back);
    expect(appFetchView('AB12', { status: 'success', data: {} })).toEqual(back);
    expect(appFetchView('AB12', { status: 'error', error: failure(404) })).toEqual(back);
    expect(appFetchView('AB12', { status: 'error', error: failure(400) })).toEqual(back);
  });

  it('shows the form for a loaded app, waits while pending, and shows other failures', () => {
    expect(appFetchView('AB12', { status: 'success', data: { uuid: 'a1' } })).toEqual({
      kind: 'form',
    });
    expect(appFetchView('AB12', { status: 'pending' })).toEqual({ kind: 'loading' });
    expect(appFetchView('AB12', { status: 'error', error: failure(403) })).toEqual({
      kind: 'failed',
      view: 'restricted',
    });
    expect(appFetchView('AB12', { status: 'error', error: failure(502) })).toEqual({
      kind: 'failed',
      view: 'failed',
    });
  });
});

describe('empty current items (properties-and-tags §4)', () => {
  it('are the fetches that brought no property, cleared on leaving', () => {
    for (const empty of [undefined, null, {}, { uuid: '' }, 'x']) {
      expect(isEmptyCurrentItem(empty)).toBe(true);
    }
    expect(isEmptyCurrentItem({ uuid: 'u1', url: 'example.com' })).toBe(false);
  });
});
