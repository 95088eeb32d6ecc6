import { SWITCH_TO_ACCOUNT, accountSwitchOptions, showAccountSwitcher } from '@assent/core/account';
import { organisationsQuery } from '@assent/core/queries';
import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { CaretDownIcon, TickIcon } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../app/paths';
import { useClient } from '../app/ServicesContext';

/**
 * 'Switch to Account', for users with more than one account code; lists them as p-{code} with the
 * company name beside each.
 */
export function AccountSwitcher({ pCodes, current }: { pCodes: string[]; current: string }) {
  const navigate = useNavigate();
  const client = useClient();
  const organisations = useQuery({ ...organisationsQuery(client), staleTime: 60_000 });
  if (!showAccountSwitcher(pCodes)) return null;
  return (
    <PopoverNext
      arrow={false}
      placement="bottom-start"
      content={
        <Menu aria-label={SWITCH_TO_ACCOUNT}>
          {accountSwitchOptions(pCodes, current, organisations.data).map((option) => (
            <MenuItem
              key={option.value}
              text={
                <>
                  {option.label}
                  {option.company ? (
                    <span className="assent-account-company"> {option.company}</span>
                  ) : null}
                </>
              }
              active={option.current}
              labelElement={option.current ? <TickIcon /> : undefined}
              aria-current={option.current ? 'true' : undefined}
              onClick={() => navigate(paths.properties(option.value))}
            />
          ))}
        </Menu>
      }
    >
      <Button variant="minimal" text={SWITCH_TO_ACCOUNT} endIcon={<CaretDownIcon />} />
    </PopoverNext>
  );
}
