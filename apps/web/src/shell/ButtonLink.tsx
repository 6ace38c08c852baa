// A link to a route, drawn as a button: one control. A <Link> around a <Button> is a control
// inside a control, which screen readers announce twice and the keyboard visits twice.
import { Button, type ButtonProps } from 'antd';
import { useHref } from 'react-router';

export type ButtonLinkProps = Omit<ButtonProps, 'href'> & { to: string };

export function ButtonLink({ to, ...props }: ButtonLinkProps) {
  return <Button {...props} href={useHref(to)} />;
}
