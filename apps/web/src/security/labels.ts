/** The two-factor settings page and the organisation's requirement switch (issue 19 item 22). */
export const TWO_FACTOR_SETTINGS = {
  title: 'Two-factor sign-in',
  menuItem: 'Two-factor sign-in',
  offText:
    'Two-factor sign-in is off. With it on, signing in asks for a code from an authenticator app after your password.',
  setUp: 'Set up two-factor sign-in',
  turnOn: 'Turn on',
  cancel: 'Cancel',
  onTag: 'On',
  offTag: 'Off',
  onText: 'Two-factor sign-in is on: signing in asks for a code from your authenticator app.',
  recoveryLeft: (n: number) => (n === 1 ? '1 recovery code left.' : `${n} recovery codes left.`),
  requiredBy: (names: readonly string[]) =>
    `Required by ${names.length === 1 ? 'the account' : 'the accounts'} ${names.join(', ')}.`,
  regenerateTitle: 'New recovery codes',
  regenerateText:
    'Replaces your recovery codes with ten new ones; the old ones stop working. Confirm with a code from your authenticator app.',
  regenerate: 'Generate new recovery codes',
  turnOffTitle: 'Turn off',
  turnOffText: 'Signing in will ask for your password only. Confirm with a current code.',
  turnOff: 'Turn off two-factor sign-in',
  turnedOn: 'Two-factor sign-in is on.',
  turnedOff: 'Two-factor sign-in is off.',
  newCodesTitle: 'Your new recovery codes',
  done: 'I have saved them',
} as const;

export const TWO_FACTOR_REQUIREMENT = {
  title: 'Two-factor sign-in',
  switchLabel: 'Require two-factor sign-in of every member',
  text: 'Members who do not use it are asked to set it up at their next sign-in. Changing this is confirmed with a code from your own authenticator app.',
  confirmOn: 'Require it',
  confirmOff: 'Stop requiring it',
  setUpYours: 'Set up yours',
  nowRequired:
    'This account now requires two-factor sign-in: members who do not use it set it up at their next sign-in.',
  noLongerRequired: 'This account no longer requires two-factor sign-in.',
} as const;
