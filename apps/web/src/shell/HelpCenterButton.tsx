import { HELP_CENTER_LABEL } from '@assent/core/account';
import { AnchorButton } from '@blueprintjs/core';
import { HelpIcon } from '@blueprintjs/icons';
import { HELP_CENTER_URL } from '../app/product';

/** The floating Help Center button: the operator's support site in a new tab. */
export function HelpCenterButton() {
  return (
    <AnchorButton
      className="assent-help-center"
      href={HELP_CENTER_URL}
      target="_blank"
      rel="noopener noreferrer"
      intent="primary"
      size="large"
      icon={<HelpIcon />}
      text={HELP_CENTER_LABEL}
    />
  );
}
