import { act, render, screen } from '@testing-library/react';
import { Suspense, useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

/** A page module counting its mounts (a remount would lose the page's state). */
function pageModule() {
  const counts = { loads: 0, mounts: 0 };
  function Page({ name }: { name: string }) {
    const [clicks, setClicks] = useState(0);
    useEffect(() => {
      counts.mounts += 1;
    }, []);
    return (
      <button type="button" onClick={() => setClicks((n) => n + 1)}>
        {name} {clicks}
      </button>
    );
  }
  const load = () => {
    counts.loads += 1;
    return Promise.resolve({ default: Page });
  };
  return { counts, load };
}

describe('preloadable (a lazy route that hydrates in one pass once preloaded)', () => {
  it('renders a preloaded module at once, without showing the fallback', async () => {
    const { counts, load } = pageModule();
    const Page = preloadable(load, 'src/page.tsx');
    await Page.preload();
    await Page.preload();
    render(
      <Suspense fallback="Loading">
        <Page name="Properties" />
      </Suspense>,
    );
    // Synchronously: a React.lazy element would show 'Loading' until a later microtask.
    expect(screen.getByRole('button').textContent).toBe('Properties 0');
    expect(counts.loads).toBe(1);
  });

  it('hydrates server markup in one commit when preloaded, with no suspended pass', async () => {
    const { load } = pageModule();
    const Page = preloadable(load, 'src/page.tsx');
    await Page.preload();
    const ui = (
      <Suspense fallback="Loading">
        <Page name="Properties" />
      </Suspense>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(ui);
    document.body.append(container);
    const button = container.querySelector('button');
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, ui, { onRecoverableError: (error) => void errors.push(error) });
    });
    // The server's button was kept and now answers clicks.
    expect(container.querySelector('button')).toBe(button);
    await act(async () => button?.click());
    expect(button?.textContent).toBe('Properties 1');
    expect(errors).toEqual([]);
    container.remove();
  });

  it('loads on first render when not preloaded, and keeps the page mounted afterwards', async () => {
    const { counts, load } = pageModule();
    const Page = preloadable(load, 'src/page.tsx');
    const { rerender } = render(
      <Suspense fallback="Loading">
        <Page name="Vendors" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    const button = await screen.findByRole('button');
    await act(async () => button.click());
    // The module is in now: rendering again must not swap the element and remount the page.
    rerender(
      <Suspense fallback="Loading">
        <Page name="Vendors" />
      </Suspense>,
    );
    expect(screen.getByRole('button').textContent).toBe('Vendors 1');
    expect(counts.mounts).toBe(1);
    expect(counts.loads).toBe(1);
  });

  it('tries the load again after a failure', async () => {
    let attempts = 0;
    const Page = preloadable(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('chunk failed');
      return { default: () => <p>Loaded</p> };
    }, 'src/page.tsx');
    await expect(Page.preload()).rejects.toThrow('chunk failed');
    await Page.preload();
    render(<Page />);
    expect(screen.getByText('Loaded')).toBeTruthy();
  });
});
