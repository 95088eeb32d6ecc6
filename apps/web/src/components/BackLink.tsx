import { ArrowLeftIcon } from '@blueprintjs/icons';
import { Link } from 'react-router';

/** A link back to a parent page, e.g. 'Back to all properties'. */
export function BackLink({ to, text }: { to: string; text: string }) {
  return (
    <Link to={to} className="assent-back-link">
      <ArrowLeftIcon aria-hidden /> {text}
    </Link>
  );
}
