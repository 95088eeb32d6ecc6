export interface DashboardTabProps {
  pCode: string;
  /** The analytics ids of the selected properties. */
  propertyIds: string[];
}

/** The Dashboard tab: summary cards, insights charts and the country table (being built). */
export function DashboardTab({ propertyIds }: DashboardTabProps) {
  return <p>{propertyIds.length} properties selected.</p>;
}
