import { useAccount } from '../../app/AccountContext';
import { SavedReports } from './SavedReports';

/** /protect/p-{pCode}/reports/view-reports?report_type=…: the account's saved reports. */
export default function ViewReportsPage() {
  const { pCode } = useAccount();
  return <SavedReports pCode={pCode} />;
}
