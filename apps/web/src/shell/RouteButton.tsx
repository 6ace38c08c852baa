// A button that opens a route: one control. A <Link> around a <Button> is a control inside a
// control, which screen readers announce twice and the keyboard visits twice. It stays a button
// (not a link drawn as one): the stories and people know these actions as buttons.
import { Button, type ButtonProps } from 'antd';
import { useNavigate } from 'react-router';

export type RouteButtonProps = Omit<ButtonProps, 'href' | 'onClick'> & { to: string };

export function RouteButton({ to, ...props }: RouteButtonProps) {
  const navigate = useNavigate();
  return <Button {...props} onClick={() => navigate(to)} />;
}
