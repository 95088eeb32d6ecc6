import { SWITCH_TO_ACCOUNT, accountSwitchOptions, showAccountSwitcher } from '@assent/core/account';
import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { CaretDownIcon, TickIcon } from '@blueprintjs/icons';
import { useNavigate } from 'react-router';
import { paths } from '../app/paths';

/** 'Switch to Account', for users with more than one account code; lists them as p-{code}. */
export function AccountSwitcher({ pCodes, current }: { pCodes: string[]; current: string }) {
  const navigate = useNavigate();
  if (!showAccountSwitcher(pCodes)) return null;
  return (
    <PopoverNext
      arrow={false}
      placement="bottom-start"
      content={
        <Menu aria-label={SWITCH_TO_ACCOUNT}>
          {accountSwitchOptions(pCodes, current).map((option) => (
            <MenuItem
              key={option.value}
              text={option.label}
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
