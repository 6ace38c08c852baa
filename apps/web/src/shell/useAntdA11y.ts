// Where antd's markup breaks a WCAG rule and no prop of it helps, the shell mends the page once
// for every screen (dialogs included) rather than each screen for itself:
// - A table wider or taller than its box scrolls, but the keyboard can scroll it only from
//   inside: when its rows hold nothing to focus (no link, button or sortable header), the box
//   itself takes the focus, so the arrows scroll it (2.1.1).
// - A tab bar too narrow for its tabs (a phone) shows a "more" button inside the element that
//   has the tablist role, where only tabs may be: the role moves to the list of the tabs (1.3.1).
import { useEffect } from 'react';

const SCROLLERS = '.ant-table-content, .ant-table-body';
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';
const MARK = 'data-fl-scroll-focus';

function scrollBoxes(root: HTMLElement) {
  for (const box of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
    const scrolls = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
    const ours = box.hasAttribute(MARK);
    const inner = [...box.querySelectorAll(FOCUSABLE)].some((el) => el !== box);
    if (scrolls && !inner && !ours && !box.hasAttribute('tabindex')) {
      box.tabIndex = 0;
      box.setAttribute(MARK, '');
    } else if (ours && (!scrolls || inner)) {
      box.removeAttribute('tabindex');
      box.removeAttribute(MARK);
    }
  }
}

function tabLists(root: HTMLElement) {
  for (const nav of root.querySelectorAll<HTMLElement>('.ant-tabs-nav[role="tablist"]')) {
    const list = nav.querySelector<HTMLElement>('.ant-tabs-nav-list');
    if (!list) continue;
    list.setAttribute('role', 'tablist');
    const orientation = nav.getAttribute('aria-orientation');
    if (orientation) list.setAttribute('aria-orientation', orientation);
    nav.removeAttribute('role');
    nav.removeAttribute('aria-orientation');
  }
}

/** Mends `root` (the page by default) now and after every change, once per frame at most. */
export function useAntdA11y(root?: HTMLElement) {
  useEffect(() => {
    const element = root ?? document.body;
    let frame = 0;
    const schedule = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        scrollBoxes(element);
        tabLists(element);
      });
    };
    const observer = new MutationObserver(schedule);
    observer.observe(element, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      cancelAnimationFrame(frame);
    };
  }, [root]);
}
