import { describe, expect, it } from 'vitest';
import { fit, fitPrompt, osc52, paletteFor, splitKeys, visibleWindow } from './terminal';

describe('visibleWindow', () => {
  it('renders one screen of 5,000 rows, keeping the selected row in view', () => {
    expect(visibleWindow(5000, 0, 18)).toEqual({ start: 0, end: 18 });
    expect(visibleWindow(5000, 2500, 18)).toEqual({ start: 2491, end: 2509 });
    expect(visibleWindow(5000, 4999, 18)).toEqual({ start: 4982, end: 5000 });
    expect(visibleWindow(3, 2, 18)).toEqual({ start: 0, end: 3 });
  });
});

describe('paletteFor', () => {
  it('has no colour with NO_COLOR or TERM=dumb', () => {
    expect(paletteFor({ NO_COLOR: '1' })).toMatchObject({ color: false, accent: undefined });
    expect(paletteFor({ TERM: 'dumb' }).color).toBe(false);
  });
  it("follows the terminal's background (COLORFGBG, ASSENT_TUI_THEME)", () => {
    expect(paletteFor({ COLORFGBG: '0;15' }).dark).toBe(false);
    expect(paletteFor({ COLORFGBG: '15;0' }).dark).toBe(true);
    expect(paletteFor({ ASSENT_TUI_THEME: 'light', COLORFGBG: '15;0' }).dark).toBe(false);
    expect(paletteFor({}).dark).toBe(true);
  });
});

describe('osc52 and fit', () => {
  it('puts the text base64-encoded in an OSC 52 sequence', () => {
    expect(osc52('<script>')).toBe('\u001b]52;c;PHNjcmlwdD4=\u0007');
  });
  it('cuts with an ellipsis and pads to the width', () => {
    expect(fit('abcdef', 4)).toBe('abc…');
    expect(fit('ab', 4)).toBe('ab  ');
  });
});

describe('fitPrompt', () => {
  it('keeps y/n on screen when a question is longer than the status line', () => {
    const question =
      'Change the theme of a-very-long-subdomain.example.com: Default theme → Zeta? y/n';
    expect(fitPrompt(question, 40)).toBe('Change the theme of a-very-long-sub… y/n');
    expect(fitPrompt(question, 40)).toHaveLength(40);
    // The name gives way first: the change stays readable.
    expect(fitPrompt(question, 60, 'a-very-long-subdomain.example.com')).toBe(
      'Change the theme of a-very-long-…: Default theme → Zeta? y/n',
    );
    expect(fitPrompt(question, 60, 'a-very-long-subdomain.example.com')).toHaveLength(60);
    expect(fitPrompt('Pause the report "x"? y/n', 40)).toBe(fit('Pause the report "x"? y/n', 40));
    expect(fitPrompt('Cannot reach the server, a long message', 20)).toBe(
      fit('Cannot reach the server, a long message', 20),
    );
  });
});

describe('splitKeys', () => {
  const key = {
    return: false,
    tab: false,
    backspace: false,
    shift: false,
    ctrl: false,
    meta: false,
  };
  it('makes each character of a chunk a key: letters, Enter, Tab and Backspace', () => {
    const keys = splitKeys('jJ\r\t\u007f', key);
    expect(keys.map(([c]) => c)).toEqual(['j', 'J', '', '', '']);
    expect(keys.map(([, k]) => [k.shift, k.return, k.tab, k.backspace])).toEqual([
      [false, false, false, false],
      [true, false, false, false],
      [false, true, false, false],
      [false, false, true, false],
      [false, false, false, true],
    ]);
  });
  it('leaves one key, and a key with Ctrl or Meta, as it is', () => {
    expect(splitKeys('j', key)).toEqual([['j', key]]);
    const ctrl = { ...key, ctrl: true };
    expect(splitKeys('ab', ctrl)).toEqual([['ab', ctrl]]);
  });
});
