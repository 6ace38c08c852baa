// A menu label of the narrow sidebar: it wraps onto the lines it needs (long Burmese and Japanese
// entries, shell.css); in the folded menu's pop-ups it keeps one line, cut with an ellipsis when
// it does not fit, and then shows its whole text as a tooltip on hover. Only a cut label gets the
// tooltip: a title equal to the visible text would be read out twice.
import { useState } from 'react';

export function FitLabel({ text }: { text: string }) {
  const [cut, setCut] = useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hovering only measures the label; the menu item around it is the control
    <span
      className="fl-fit-label"
      title={cut ? text : undefined}
      onMouseEnter={(e) => setCut(e.currentTarget.scrollWidth > e.currentTarget.clientWidth)}
    >
      {text}
    </span>
  );
}
