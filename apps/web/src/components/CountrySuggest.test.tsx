import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CountrySuggest, NO_COUNTRY_FOUND } from './CountrySuggest';

function Picker({ exclude }: { exclude?: string[] }) {
  const [code, setCode] = useState('GB');
  return (
    <>
      <CountrySuggest aria-label="Country" value={code} onChange={setCode} exclude={exclude} />
      <output>{code}</output>
    </>
  );
}

/** The item a user clicks: Blueprint puts the handler on the option's inner target. */
const target = (option: HTMLElement) => option.firstElementChild as HTMLElement;
const chosen = () => screen.getByRole('status').textContent;

describe('country picker (issue 17 item 11)', () => {
  it('lists countries by name, narrows them as the user types, and picks one', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    const input = screen.getByRole('combobox', { name: 'Country' }) as HTMLInputElement;
    expect(input.value).toBe('United Kingdom');
    await user.clear(input);
    const list = await screen.findByRole('listbox', { name: 'Country' });
    const names = within(list)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names.slice(0, 3)).toEqual(['AfghanistanAF', 'Åland IslandsAX', 'AlbaniaAL']);
    await user.type(input, 'germ');
    const germany = await screen.findByRole('option', { name: /^Germany/ });
    expect(within(list).getAllByRole('option')).toHaveLength(1);
    await user.click(target(germany));
    await waitFor(() => expect(chosen()).toBe('DE'));
    expect(input.value).toBe('Germany');
  });

  it('finds a country by its ISO code; Enter picks the first match', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    const input = screen.getByRole('combobox', { name: 'Country' });
    await user.clear(input);
    await user.type(input, 'ch');
    expect(await screen.findByRole('option', { name: /^Switzerland/ })).toBeTruthy();
    await user.clear(input);
    await user.type(input, 'cote');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(chosen()).toBe('CI'));
  });

  it('leaves out excluded countries and says when nothing matches', async () => {
    const user = userEvent.setup();
    render(<Picker exclude={['CH']} />);
    const input = screen.getByRole('combobox', { name: 'Country' });
    await user.clear(input);
    await user.type(input, 'switz');
    expect(await screen.findByText(NO_COUNTRY_FOUND)).toBeTruthy();
    expect(screen.queryByRole('option', { name: /^Switzerland/ })).toBeNull();
  });
});
