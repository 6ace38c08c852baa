import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAntdA11y } from './useAntdA11y';

function Page({ link }: { link: boolean }) {
  useAntdA11y();
  return (
    <div>
      <div className="ant-table-content" data-testid="box">
        <table>
          <tbody>
            <tr>
              <td>{link ? <a href="#/x">x</a> : 'x'}</td>
            </tr>
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** jsdom lays nothing out: the box is made wider inside than outside by hand. */
function overflowing() {
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: () => 900 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 300 });
  return () => {
    delete (HTMLElement.prototype as { scrollWidth?: number }).scrollWidth;
    delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
  };
}

describe('useAntdA11y', () => {
  it('lets the keyboard focus a wide table that holds nothing to focus', async () => {
    const restore = overflowing();
    try {
      const { getByTestId } = render(<Page link={false} />);
      await waitFor(() => expect(getByTestId('box').getAttribute('tabindex')).toBe('0'));
    } finally {
      restore();
    }
  });

  it('leaves a wide table alone when its rows hold a link', async () => {
    const restore = overflowing();
    try {
      const { getByTestId } = render(<Page link />);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      expect(getByTestId('box').hasAttribute('tabindex')).toBe(false);
    } finally {
      restore();
    }
  });

  it('keeps only tabs in a tab bar: the tablist role moves from the bar to the list of tabs', async () => {
    const { container } = render(
      <>
        <Page link />
        <div className="ant-tabs-nav" role="tablist" aria-orientation="horizontal">
          <div className="ant-tabs-nav-list">
            <div role="tab" aria-selected tabIndex={0}>
              One
            </div>
          </div>
          <button type="button" aria-label="More">
            …
          </button>
        </div>
      </>,
    );
    await waitFor(() =>
      expect(container.querySelector('.ant-tabs-nav-list')?.getAttribute('role')).toBe('tablist'),
    );
    expect(container.querySelector('.ant-tabs-nav')?.hasAttribute('role')).toBe(false);
    expect(container.querySelector('.ant-tabs-nav-list')?.getAttribute('aria-orientation')).toBe(
      'horizontal',
    );
  });
});
