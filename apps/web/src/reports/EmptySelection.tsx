import { NO_PROPERTIES_SELECTED_TEXT, NO_PROPERTIES_SELECTED_TITLE } from '@assent/core/reports';

/** A line drawing of an empty chart: the picture of the empty state. */
function EmptyChartImage() {
  return (
    <svg
      className="assent-reports-empty-image"
      role="img"
      aria-label="An empty chart"
      width="160"
      height="120"
      viewBox="0 0 160 120"
    >
      <rect x="8" y="8" width="144" height="104" rx="8" fill="#f6f7f9" stroke="#c5cbd3" />
      <path d="M28 92h104M28 92V28" stroke="#8f99a8" strokeWidth="2" fill="none" />
      <rect x="40" y="70" width="14" height="22" fill="#d3d8de" />
      <rect x="62" y="58" width="14" height="34" fill="#d3d8de" />
      <rect x="84" y="64" width="14" height="28" fill="#d3d8de" />
      <rect x="106" y="48" width="14" height="44" fill="#d3d8de" />
      <circle cx="116" cy="34" r="12" fill="none" stroke="#2d72d2" strokeWidth="3" />
      <path d="M125 43l9 9" stroke="#2d72d2" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** What the reports page shows while no property is selected (reports-and-account §2). */
export function EmptySelection() {
  return (
    <div className="assent-reports-empty">
      <EmptyChartImage />
      <p className="assent-reports-empty-title">{NO_PROPERTIES_SELECTED_TITLE}</p>
      <p>{NO_PROPERTIES_SELECTED_TEXT}</p>
    </div>
  );
}
