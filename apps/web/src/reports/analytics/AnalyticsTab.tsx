import { ReportBuilder } from './ReportBuilder';

export interface AnalyticsTabProps {
  pCode: string;
  /** The analytics ids of the properties selected at the top of the reports page. */
  propertyIds: string[];
  /** The saved report the page's `report_id` names, loaded into the builder. */
  reportId?: string;
}

/** The Analytics tab of the reports page: the custom report builder. */
export function AnalyticsTab({ pCode, propertyIds, reportId }: AnalyticsTabProps) {
  return <ReportBuilder pCode={pCode} propertyIds={propertyIds} reportId={reportId} />;
}
