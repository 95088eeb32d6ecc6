/** What the banner shows: one view at a time, changed only by `bannerReducer`. */
export type BannerView =
  | { view: 'none' }
  | { view: 'first' }
  | { view: 'cop' }
  | { view: 'second'; tab: 'purposes' | 'vendors'; from: 'first' | 'cop' | 'link' }
  | { view: 'us' }
  /** Decided (or nothing to ask): only the persistent link shows. */
  | { view: 'link' };

export type BannerEvent =
  | { type: 'prompt'; screen: 'first' | 'cop' | 'us' }
  | { type: 'moreOptions'; tab: 'purposes' | 'vendors' }
  | { type: 'decided' }
  | { type: 'dismissed' };

export function bannerReducer(state: BannerView, event: BannerEvent): BannerView {
  switch (event.type) {
    case 'prompt':
      return { view: event.screen };
    case 'moreOptions':
      return {
        view: 'second',
        tab: event.tab,
        from: state.view === 'cop' || state.view === 'first' ? state.view : 'link',
      };
    case 'decided':
    case 'dismissed':
      return { view: 'link' };
  }
}
